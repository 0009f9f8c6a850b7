import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../lib/paths';
import { OrderCard } from './order-card';
import { useOrdersById } from './orders-api';

/** Where the ids of a checkout's orders travel to the confirmation, so that a reload keeps it. */
export const ORDER_IDS_PARAM = 'orders';

/** After checkout: each order with its number and how it is handed over. */
export function OrderConfirmation() {
  const [params] = useSearchParams();
  const ids = (params.get(ORDER_IDS_PARAM) ?? '').split(',').filter(Boolean);
  const orders = useOrdersById(ids);
  const failed = orders.find((order) => order.isError);

  return (
    <div className="grid gap-6">
      <p className="flex items-center gap-2 text-lg">
        <CircleCheck aria-hidden className="size-6 text-leaf" />
        {ids.length === 1
          ? 'Your order is placed. The farm has it now.'
          : `Your ${ids.length} orders are placed, one per farm. Each farm has its own now.`}
      </p>
      {failed ? (
        <LoadError onRetry={() => failed.refetch()}>
          We could not load your order. {failed.error?.message}
        </LoadError>
      ) : (
        <div className="grid gap-4">
          {orders.map((order, index) =>
            order.data ? (
              <OrderCard key={order.data.id} order={order.data} />
            ) : (
              <div key={ids[index]} role="status" aria-label="Loading your order">
                <Skeleton className="h-36" />
              </div>
            ),
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={paths.orders}>See all your orders</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.home}>Keep shopping</Link>
        </Button>
      </div>
    </div>
  );
}
