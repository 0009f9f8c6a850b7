import type { Order } from '@furrow/domain/api/orders';
import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import { orderStatusLabels } from '@furrow/domain/orders';
import { Bike, Store } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { describeFulfilment, orderStatusTones } from '../../lib/order-text';
import { formatMoment } from '../../lib/pickup-time';
import { CancelWithReasonDialog } from './cancel-with-reason-dialog';
import { useMoveOrder } from './farm-orders-api';
import { canCancel, nextStep } from './next-step';

/** One order as the farm packs it: who, what, when, and the next step in one click. */
export function FarmOrderCard({ order }: { order: Order }) {
  const headingId = useId();
  const move = useMoveOrder();
  const { toast } = useToast();
  const step = nextStep(order.status);
  const handover = describeFulfilment(order.fulfilment);

  function advance() {
    if (!step) return;
    move.mutate(
      { id: order.id, status: step.status },
      {
        onSuccess: (answer) => toast({ title: answer.message, description: order.customer.name }),
        onError: (error) =>
          toast({
            title: `Order ${order.number} did not change`,
            description: messageOrFailedTo(error, 'update the order'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card role="article" aria-labelledby={headingId} className="grid gap-3 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-lg">
          {order.number} · {order.customer.name}
        </h3>
        <Badge tone={orderStatusTones[order.status]}>{orderStatusLabels[order.status]}</Badge>
      </div>
      <p className="text-ink-muted text-sm">
        {order.farm.name} · placed {formatMoment(order.createdAt)} ·{' '}
        <span className="font-semibold text-ink tabular-nums">
          {formatUsd(dollarsToCents(order.total))}
        </span>{' '}
        · {order.payment === 'pay_at_pickup' ? 'pay at pickup' : 'paid by card'}
      </p>
      <p className="flex gap-2 text-sm">
        {order.fulfilment.method === 'delivery' ? (
          <Bike aria-hidden className="mt-0.5 size-4 shrink-0 text-leaf" />
        ) : (
          <Store aria-hidden className="mt-0.5 size-4 shrink-0 text-leaf" />
        )}
        <span>
          <span className="font-medium">{handover.label}</span> {handover.detail}
        </span>
      </p>
      <ul className="grid gap-1 rounded-xl bg-sunken p-3 text-sm">
        {order.lines.map((line, index) => (
          <li key={line.productId ?? `gone-${index}`} className="flex justify-between gap-4">
            <span>
              <span className="font-semibold tabular-nums">{line.quantity}</span> × {line.name}{' '}
              <span className="text-ink-muted">({line.unit})</span>
            </span>
          </li>
        ))}
      </ul>
      {order.note && <p className="text-sm">Note: “{order.note}”</p>}
      {(step || canCancel(order.status)) && (
        <div className="flex flex-wrap items-center gap-2">
          {step && (
            <Button onClick={advance} loading={move.isPending} aria-describedby={headingId}>
              {step.label}
            </Button>
          )}
          {canCancel(order.status) && <CancelWithReasonDialog order={order} />}
        </div>
      )}
    </Card>
  );
}
