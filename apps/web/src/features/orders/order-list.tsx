import { PackageOpen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../lib/paths';
import { OrderCard } from './order-card';
import { ORDERS_PAGE_SIZE, useMyOrders } from './orders-api';

/** The customer's orders, newest first, a page at a time. */
export function OrderList() {
  const [offset, setOffset] = useState(0);
  const orders = useMyOrders(offset);

  if (orders.isPending) {
    return (
      <div role="status" aria-label="Loading your orders" className="grid gap-4">
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
    );
  }
  if (orders.isError) {
    return (
      <LoadError onRetry={() => orders.refetch()}>
        We could not load your orders. {orders.error.message}
      </LoadError>
    );
  }
  const { orders: page, total } = orders.data;
  if (total === 0) {
    return (
      <div className="grid justify-items-center gap-4 rounded-2xl border border-line border-dashed bg-surface px-6 py-12 text-center text-ink-muted">
        <PackageOpen aria-hidden className="size-8 text-leaf" />
        <h2 className="font-semibold text-ink text-xl">No orders yet</h2>
        <p>When you check out, your orders show here with their pickup times.</p>
        <Button asChild>
          <Link to={paths.home}>Browse food near you</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4" aria-busy={orders.isFetching || undefined}>
      {page.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
      {total > ORDERS_PAGE_SIZE && (
        <nav aria-label="Pages of orders" className="flex items-center justify-between gap-2">
          <Button
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - ORDERS_PAGE_SIZE))}
          >
            Newer
          </Button>
          <span className="text-ink-muted text-sm">
            {offset + 1}–{Math.min(offset + ORDERS_PAGE_SIZE, total)} of {total}
          </span>
          <Button
            variant="secondary"
            disabled={offset + ORDERS_PAGE_SIZE >= total}
            onClick={() => setOffset(offset + ORDERS_PAGE_SIZE)}
          >
            Older
          </Button>
        </nav>
      )}
    </div>
  );
}
