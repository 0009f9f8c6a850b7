import { Link, useParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { OrderDetail } from '../../features/orders/order-detail';
import { useOrder } from '../../features/orders/orders-api';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { RequireRole } from '../require-role';

export function OrderScreen() {
  return (
    <RequireRole roles={['customer']}>
      <OrderPage />
    </RequireRole>
  );
}

function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const missing = order.error instanceof ApiError && [400, 404].includes(order.error.status);
  return (
    <Page title={order.data ? `Order ${order.data.number}` : missing ? 'Order not found' : 'Order'}>
      <div className="grid gap-6">
        <Link
          to={paths.orders}
          className="w-fit text-leaf-ink text-sm underline-offset-4 hover:underline"
        >
          ← All your orders
        </Link>
        {order.isPending ? (
          <div role="status" aria-label="Loading the order" className="grid gap-4">
            <Skeleton className="h-40" />
            <Skeleton className="h-56" />
          </div>
        ) : order.isError ? (
          missing ? (
            <p>This order does not exist or is not yours.</p>
          ) : (
            <LoadError onRetry={() => order.refetch()}>
              We could not load this order. {order.error.message}
            </LoadError>
          )
        ) : (
          <OrderDetail order={order.data} />
        )}
      </div>
    </Page>
  );
}
