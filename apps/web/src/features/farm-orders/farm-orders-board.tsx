import { CARD_PAYMENT_HOLD_MINUTES } from '@furrow/domain/card-payments';
import { type OrderStatus, orderStatuses, orderStatusLabels } from '@furrow/domain/orders';
import { Inbox } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { FarmOrderCard } from './farm-order-card';
import { useFarmOrders } from './farm-orders-api';

const STATUS_PARAM = 'status';

// New orders come first: they are what the farmer acts on. Card orders not yet paid come last,
// shown only so that the stock they hold is accounted for.
const tabs: OrderStatus[] = [
  ...orderStatuses.filter((status) => status !== 'awaiting_payment'),
  'awaiting_payment',
];

const emptyMessages: Record<OrderStatus, string> = {
  awaiting_payment: `No orders waiting for a card payment. They hold their stock for ${CARD_PAYMENT_HOLD_MINUTES} minutes, then show as new once paid.`,
  placed: 'No new orders. New ones show here as soon as a customer checks out.',
  confirmed: 'No confirmed orders waiting to be packed.',
  ready: 'No orders waiting for pickup or delivery.',
  completed: 'No completed orders yet.',
  cancelled: 'No cancelled orders.',
};

/** The farm's orders by status (kept in `?status=`, so a reload stays on the same tab). */
export function FarmOrdersBoard() {
  const [params] = useSearchParams();
  const asked = params.get(STATUS_PARAM);
  const status = orderStatuses.find((value) => value === asked) ?? 'placed';
  const orders = useFarmOrders(status);

  return (
    <section aria-labelledby="orders-by-status" className="grid gap-4">
      <h2 id="orders-by-status" className="sr-only">
        Orders by status
      </h2>
      {/* Wraps on a phone rather than scrolling, so that no status hides off screen. */}
      <nav aria-label="Order status">
        <ul className="flex w-fit flex-wrap gap-1 rounded-xl bg-sunken p-1">
          {tabs.map((value) => (
            <li key={value}>
              <Link
                to={{ search: `?${STATUS_PARAM}=${value}` }}
                replace
                aria-current={value === status ? 'page' : undefined}
                className="inline-flex h-10 items-center rounded-lg px-4 font-medium text-ink-muted text-sm hover:text-ink aria-[current=page]:bg-surface aria-[current=page]:text-leaf-ink aria-[current=page]:shadow-sm"
              >
                {orderStatusLabels[value]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {orders.isPending ? (
        <div role="status" aria-label="Loading orders" className="grid gap-4">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : orders.isError ? (
        <LoadError onRetry={() => orders.refetch()}>
          We could not load your orders. {orders.error.message}
        </LoadError>
      ) : orders.data.orders.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-line border-dashed bg-surface px-6 py-10 text-center text-ink-muted">
          <Inbox aria-hidden className="size-8 text-leaf" />
          <p>{emptyMessages[status]}</p>
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" aria-busy={orders.isFetching || undefined}>
          {orders.data.orders.map((order) => (
            <FarmOrderCard key={order.id} order={order} />
          ))}
        </div>
      )}
    </section>
  );
}
