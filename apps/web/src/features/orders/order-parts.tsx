import type { Order } from '@furrow/domain/api/orders';
import { type OrderStatus, orderStatusLabels } from '@furrow/domain/orders';
import { Bike, Store } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { describeFulfilment, orderStatusTones } from '../../lib/order-text';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={orderStatusTones[status]}>{orderStatusLabels[status]}</Badge>;
}

/** How the order is handed over: the pickup slot and place, or the delivery address. */
export function FulfilmentLine({ fulfilment }: { fulfilment: Order['fulfilment'] }) {
  const { label, detail } = describeFulfilment(fulfilment);
  const Icon = fulfilment.method === 'delivery' ? Bike : Store;
  return (
    <p className="flex gap-2">
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-leaf" />
      <span>
        <span className="font-medium">{label}</span> {detail}
      </span>
    </p>
  );
}
