import type { Order } from '@furrow/domain/api/orders';
import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import { allowedOrderMoves } from '@furrow/domain/order-permissions';
import { orderStatusLabels } from '@furrow/domain/orders';
import { CreditCard } from 'lucide-react';
import { generatePath, Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { paths } from '../../lib/paths';
import { formatMoment } from '../../lib/pickup-time';
import { useSession } from '../../lib/session';
import { CancelOrderDialog } from './cancel-order-dialog';
import { FulfilmentLine, OrderStatusBadge } from './order-parts';

/** One order for its customer: status and its timeline, handover, lines and totals, cancel. */
export function OrderDetail({ order }: { order: Order }) {
  const { user } = useSession();
  const canCancel =
    user !== null &&
    allowedOrderMoves(
      { userId: user.id, role: user.role },
      // The farmer is not the reader here; only the customer's own moves matter.
      { customerId: order.customer.id, farmerId: '', status: order.status },
    ).includes('cancelled');

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
      <div className="grid gap-6">
        <Card className="grid gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold text-lg">
              From{' '}
              {order.farm.id === null ? (
                // The farmer has closed their account: the name stays, the page is gone.
                <>
                  {order.farm.name}{' '}
                  <span className="font-normal text-ink-muted text-sm">(no longer on Furrow)</span>
                </>
              ) : (
                <Link
                  to={generatePath(paths.farm, { id: order.farm.id })}
                  className="text-leaf-ink underline-offset-4 hover:underline"
                >
                  {order.farm.name}
                </Link>
              )}
            </h2>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="font-medium">{statusNote(order)}</p>
          {order.status === 'awaiting_payment' && order.paymentUrl && (
            <Button asChild className="w-fit">
              <a href={order.paymentUrl}>
                <CreditCard aria-hidden className="size-4" />
                Pay {formatUsd(dollarsToCents(order.total))} by card
              </a>
            </Button>
          )}
          <FulfilmentLine fulfilment={order.fulfilment} />
          {order.note && <p className="text-ink-muted text-sm">Your note: “{order.note}”</p>}
          {canCancel && (
            <div>
              <CancelOrderDialog order={order} />
            </div>
          )}
        </Card>
        <Card className="px-4 sm:px-6">
          <h2 className="pt-4 font-semibold text-lg sm:pt-6">What you ordered</h2>
          <ul className="divide-y divide-line">
            {order.lines.map((line, index) => (
              <li
                key={line.productId ?? `gone-${index}`}
                className="flex justify-between gap-4 py-3"
              >
                <span>
                  {line.quantity} × {line.name}{' '}
                  <span className="text-ink-muted text-sm">
                    ({formatUsd(dollarsToCents(line.price))} / {line.unit})
                  </span>
                </span>
                <span className="tabular-nums">{formatUsd(dollarsToCents(line.lineTotal))}</span>
              </li>
            ))}
          </ul>
          <dl className="grid gap-1 border-line border-t py-4">
            {order.deliveryFee > 0 && (
              <div className="flex justify-between text-ink-muted">
                <dt>Delivery</dt>
                <dd className="tabular-nums">{formatUsd(dollarsToCents(order.deliveryFee))}</dd>
              </div>
            )}
            <div className="flex justify-between font-semibold">
              <dt>Total</dt>
              <dd className="tabular-nums">{formatUsd(dollarsToCents(order.total))}</dd>
            </div>
            <div className="flex justify-between text-ink-muted text-sm">
              <dt>Payment</dt>
              <dd>{paymentLabel(order)}</dd>
            </div>
          </dl>
        </Card>
      </div>
      <Card className="p-4 sm:p-6">
        <h2 className="mb-4 font-semibold text-lg">Timeline</h2>
        <ol className="grid gap-4 border-line border-l-2 pl-4">
          {order.history.map((change) => (
            <li key={`${change.status}-${change.at}`} className="grid gap-0.5">
              <span className="font-medium">{orderStatusLabels[change.status]}</span>
              <time dateTime={change.at} className="text-ink-muted text-sm">
                {formatMoment(change.at)}
              </time>
              {change.reason && <span className="text-sm">“{change.reason}”</span>}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}

function paymentLabel(order: Order): string {
  if (order.payment === 'pay_at_pickup') return 'Pay at pickup';
  if (order.paymentStatus === 'paid') return 'Card, paid';
  if (order.paymentStatus === 'refunded') return 'Card, refunded';
  return 'Card';
}

/** What the status means for the shopper, in a sentence. */
function statusNote(order: Order): string {
  const delivered = order.fulfilment.method === 'delivery';
  switch (order.status) {
    case 'awaiting_payment':
      return order.paymentDueAt
        ? `Waiting for your card payment. Pay by ${formatTime(order.paymentDueAt)} or the order is released.`
        : 'Waiting for your card payment.';
    case 'placed':
      return `Waiting for ${order.farm.name} to confirm it.`;
    case 'confirmed':
      return `${order.farm.name} is preparing it.`;
    case 'ready':
      return delivered ? 'Packed and ready to be delivered.' : 'Ready for you to pick up.';
    case 'completed':
      return delivered ? 'Delivered. Enjoy!' : 'Picked up. Enjoy!';
    case 'cancelled': {
      const reason = order.history.findLast((change) => change.status === 'cancelled')?.reason;
      return reason ? `Cancelled: “${reason}”` : 'Cancelled.';
    }
  }
}

/** "3:45 PM" in the shopper's own time: the hold is minutes long, so the hour is what matters. */
function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}
