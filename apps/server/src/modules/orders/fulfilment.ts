import type { CreateOrder } from '@furrow/domain/api/orders';
import { checkDelivery } from '@furrow/domain/delivery';
import { AppError } from '@furrow/domain/errors';
import {
  checkPickupSlot,
  nextPickupSlots,
  type PickupSlot,
  parsePickupSlotId,
  remainingInSlot,
} from '@furrow/domain/pickup-windows';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';
import { loadPickupWindows, ordersInSlot } from '../farms';
import { type farms, pickupWindows } from '../farms/farms.schema';
import type { OrderFulfilment } from './order-records';

type FarmRecord = typeof farms.$inferSelect;
type FulfilmentChoice = CreateOrder['fulfilment'][number];

/**
 * Locks a window's row until the transaction ends, so that two checkouts counting the orders of
 * the same slot take turns: the second sees the first one's order and a full slot stays full.
 */
async function lockWindow(tx: Tx, windowId: string): Promise<void> {
  await tx
    .select({ id: pickupWindows.id })
    .from(pickupWindows)
    .where(eq(pickupWindows.id, windowId))
    .for('update');
}

/** The shopper's choice for one farm, checked against the farm: its slot, or its delivery and fee. */
export async function resolveFulfilment(
  tx: Tx,
  farm: FarmRecord,
  choice: FulfilmentChoice,
  subtotalCents: number,
  now: Date,
): Promise<OrderFulfilment> {
  if (choice.method === 'delivery') {
    const check = checkDelivery(
      {
        name: farm.name,
        location: { lat: farm.lat, lng: farm.lng },
        delivery: {
          enabled: farm.deliveryEnabled,
          radiusKm: farm.deliveryRadiusKm,
          feeCents: farm.deliveryFeeCents,
          minimumOrderCents: farm.deliveryMinimumCents,
        },
      },
      choice.point,
      subtotalCents,
    );
    if (!check.ok) throw new AppError(check.code, check.message, fulfilmentDetail(check.message));
    return {
      method: 'delivery',
      address: choice.address,
      point: choice.point,
      distanceKm: Math.round(check.distanceKm * 10) / 10,
      feeCents: check.feeCents,
    };
  }

  if (!farm.pickupEnabled) throw new AppError('PICKUP_NOT_OFFERED');
  const windows = (await loadPickupWindows(tx, [farm.id])).get(farm.id) ?? [];
  // A farm without windows takes pickups on its instructions alone, as farms did before windows.
  if (windows.length === 0) {
    if (choice.slotId) throw new AppError('PICKUP_SLOT_UNAVAILABLE');
    return { method: 'pickup', slot: null };
  }
  if (!choice.slotId) {
    throw new AppError(
      'PICKUP_SLOT_REQUIRED',
      undefined,
      fulfilmentDetail(`Choose a pickup time for ${farm.name}`),
    );
  }
  const windowId = parsePickupSlotId(choice.slotId)?.windowId;
  if (windowId && windows.some((window) => window.id === windowId)) {
    await lockWindow(tx, windowId);
  }
  const taken = await ordersInSlot(tx, choice.slotId);
  const check = checkPickupSlot(windows, choice.slotId, taken, now, farm.timeZone);
  if (!check.ok) throw new AppError(check.code);
  return { method: 'pickup', slot: check.slot };
}

function fulfilmentDetail(message: string) {
  return [{ field: 'fulfilment', message }];
}

/**
 * Where an order Furrow places by itself (a pre-order filled) is picked up: the farm's next slot
 * with room, or its instructions alone when it has no windows or every coming slot is full.
 */
export async function nextOpenSlot(
  tx: Tx,
  farm: FarmRecord,
  now: Date,
): Promise<PickupSlot | null> {
  const windows = (await loadPickupWindows(tx, [farm.id])).get(farm.id) ?? [];
  for (const slot of nextPickupSlots(windows, now, farm.timeZone)) {
    await lockWindow(tx, slot.windowId);
    if (remainingInSlot(slot, await ordersInSlot(tx, slot.id)) !== 0) return slot;
  }
  return null;
}
