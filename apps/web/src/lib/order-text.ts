import type { Order } from '@furrow/domain/api/orders';
import type { OrderStatus } from '@furrow/domain/orders';
import { formatSlot } from './pickup-time';

/**
 * How an order reads on the customer's screens and the farmer's alike, on purpose: both sides of a
 * pickup should see the same words for it. The features draw them with their own pieces.
 */

/** The badge tone of each status: harvest-orange for what waits on the farm, red for cancelled. */
export const orderStatusTones = {
  awaiting_payment: 'harvest',
  placed: 'harvest',
  confirmed: 'leaf',
  ready: 'leaf',
  completed: 'neutral',
  cancelled: 'danger',
} as const satisfies Record<OrderStatus, 'harvest' | 'leaf' | 'neutral' | 'danger'>;

/** "Pickup" and the slot and place (or the farm's instructions); or "Delivery" and the address. */
export function describeFulfilment(fulfilment: Order['fulfilment']): {
  label: 'Pickup' | 'Delivery';
  detail: string;
} {
  if (fulfilment.method === 'delivery') {
    const { line, city, region, postalCode } = fulfilment.address;
    const place = [line, city, [region, postalCode].filter(Boolean).join(' ')].filter(Boolean);
    return { label: 'Delivery', detail: `to ${place.join(', ')}` };
  }
  return {
    label: 'Pickup',
    detail: fulfilment.slot
      ? `${formatSlot(fulfilment.slot)} at ${fulfilment.slot.place}`
      : fulfilment.instructions || 'at the farm; the farm will tell you when',
  };
}
