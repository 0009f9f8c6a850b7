import type { Order } from '@furrow/domain/api/orders';
import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import { ChevronRight, CreditCard } from 'lucide-react';
import { useId } from 'react';
import { generatePath, Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { paths } from '../../lib/paths';
import { formatMoment } from '../../lib/pickup-time';
import { FulfilmentLine, OrderStatusBadge } from './order-parts';

/** One order in a list: number, farm, status, total, how it is handed over, what is in it. */
export function OrderCard({ order }: { order: Order }) {
  const headingId = useId();
  const itemCount = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Card role="article" aria-labelledby={headingId} className="grid gap-3 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-lg">
          <Link
            to={generatePath(paths.order, { id: order.id })}
            className="inline-flex items-center gap-1 underline-offset-4 hover:underline"
          >
            {order.number} · {order.farm.name}
            <ChevronRight aria-hidden className="size-4" />
          </Link>
        </h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="text-ink-muted text-sm">
        Placed {formatMoment(order.createdAt)} · {itemCount} {itemCount === 1 ? 'item' : 'items'} ·{' '}
        <span className="font-semibold text-ink tabular-nums">
          {formatUsd(dollarsToCents(order.total))}
        </span>
      </p>
      <div className="text-sm">
        <FulfilmentLine fulfilment={order.fulfilment} />
      </div>
      <p className="text-ink-muted text-sm">
        {order.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}
      </p>
      {order.status === 'awaiting_payment' && order.paymentUrl && (
        <Button asChild size="sm" className="w-fit">
          <a href={order.paymentUrl}>
            <CreditCard aria-hidden className="size-4" />
            Pay {order.number} by card
          </a>
        </Button>
      )}
    </Card>
  );
}
