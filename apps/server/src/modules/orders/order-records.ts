import type { UserRole } from '@furrow/domain/api/users';
import type { OrderLineSnapshot } from '@furrow/domain/checkout';
import { orderTotals } from '@furrow/domain/order-totals';
import type { OrderStatus } from '@furrow/domain/orders';
import type { PickupSlot } from '@furrow/domain/pickup-windows';
import type { Tx } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { orderPlaced } from './order-events';
import { orderItems, orderStatusHistory, orders } from './orders.schema';

export type OrderFulfilment =
  | { method: 'pickup'; slot: PickupSlot | null }
  | {
      method: 'delivery';
      address: { line: string; city: string; region: string; postalCode: string };
      point: { lat: number; lng: number };
      distanceKm: number;
      feeCents: number;
    };

export interface NewOrder {
  /** Chosen ahead when the stock taken for it is written first (checkout); new otherwise. */
  id?: string;
  customerId: string;
  /** The name is copied onto the order: it stays in the customer's history if the farm goes. */
  farm: { id: string; name: string };
  lines: readonly OrderLineSnapshot[];
  fulfilment: OrderFulfilment;
  /** The farm-calendar day it is placed, packed on when it has no pickup slot. */
  farmToday: string;
  payment: 'pay_at_pickup' | 'card';
  /** A card order waits for its payment until then, holding its stock. */
  paymentDueAt?: Date;
  note: string;
  /** Who placed it; null when Furrow did (a pre-order filled). */
  by: { userId: string; role: UserRole } | null;
  now: Date;
}

/**
 * Writes one order with its line snapshots and the first entry of its history, in the caller's
 * transaction. Stock is the caller's to have taken: checkout and pre-order fills take it their own way.
 */
export async function insertOrder(tx: Tx, order: NewOrder): Promise<string> {
  const { fulfilment } = order;
  const totals = orderTotals(
    order.lines,
    fulfilment.method === 'delivery' ? fulfilment.feeCents : 0,
  );
  const slot = fulfilment.method === 'pickup' ? fulfilment.slot : null;
  const delivery = fulfilment.method === 'delivery' ? fulfilment : null;
  const [created] = await tx
    .insert(orders)
    .values({
      id: order.id,
      customerId: order.customerId,
      farmId: order.farm.id,
      farmName: order.farm.name,
      fulfilmentMethod: fulfilment.method,
      fulfilmentDate: slot?.date ?? order.farmToday,
      pickupSlotId: slot?.id,
      pickupFrom: slot?.from,
      pickupTo: slot?.to,
      pickupStartsAt: slot?.startsAt,
      pickupEndsAt: slot?.endsAt,
      pickupPlace: slot?.place,
      deliveryAddress: delivery?.address,
      deliveryLat: delivery?.point.lat,
      deliveryLng: delivery?.point.lng,
      deliveryDistanceKm: delivery?.distanceKm,
      payment: order.payment,
      ...(order.paymentDueAt
        ? { status: 'awaiting_payment' as const, paymentStatus: 'pending' as const }
        : {}),
      paymentDueAt: order.paymentDueAt,
      deliveryFeeCents: totals.deliveryFeeCents,
      totalCents: totals.totalCents,
      note: order.note,
      createdAt: order.now,
      updatedAt: order.now,
    })
    .returning({ id: orders.id });
  if (!created) throw new Error('order insert returned no row');
  await tx.insert(orderItems).values(
    order.lines.map((line) => ({
      orderId: created.id,
      productId: line.productId,
      name: line.name,
      unit: line.unit,
      priceCents: line.priceCents,
      quantity: line.quantity,
    })),
  );
  const status = order.paymentDueAt ? 'awaiting_payment' : 'placed';
  await recordStatus(tx, created.id, status, order.by, null, order.now);
  // A card order is placed by its payment (`confirmOrderPayment`).
  if (status === 'placed') {
    await publish(
      tx,
      orderPlaced,
      {
        orderId: created.id,
        farmId: order.farm.id,
        placedAt: order.now,
        totalCents: totals.totalCents,
      },
      order.now,
    );
  }
  return created.id;
}

/** One entry of an order's timeline. */
export async function recordStatus(
  tx: Tx,
  orderId: string,
  status: OrderStatus,
  by: { userId: string; role: UserRole } | null,
  reason: string | null,
  at: Date,
): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId,
    status,
    at,
    byUserId: by?.userId ?? null,
    byRole: by?.role ?? null,
    reason,
  });
}
