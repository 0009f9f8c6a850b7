import type { Order } from '@furrow/domain/api/orders';
import { centsToDollars } from '@furrow/domain/money';
import { formatOrderNumber } from '@furrow/domain/order-numbers';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { farms } from '../farms/farms.schema';
import { preorders } from '../preorders/preorders.schema';
import { users } from '../users/users.schema';
import { orderItems, orderStatusHistory, orders } from './orders.schema';

type OrderRecord = typeof orders.$inferSelect;

/** The columns every order answer is made from; list queries select these and filter as they need. */
export const orderAnswerColumns = {
  order: orders,
  // Both null once the farmer's account is deleted; the order keeps its farm's name.
  farmerId: farms.farmerId,
  pickupInstructions: farms.pickupInstructions,
  customerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  preorderId: preorders.id,
};

export function selectOrderRows(db: Executor) {
  return db
    .select(orderAnswerColumns)
    .from(orders)
    .leftJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(preorders, eq(preorders.filledOrderId, orders.id));
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrderRows>['execute']>>[number];

function fulfilmentOf(row: OrderRow): Order['fulfilment'] {
  const { order } = row;
  if (order.fulfilmentMethod === 'delivery') {
    return {
      method: 'delivery',
      address: order.deliveryAddress ?? { line: '', city: '', region: '', postalCode: '' },
      point: { lat: order.deliveryLat ?? 0, lng: order.deliveryLng ?? 0 },
      distanceKm: order.deliveryDistanceKm ?? 0,
    };
  }
  return {
    method: 'pickup',
    slot: slotOf(order),
    instructions: row.pickupInstructions ?? '',
  };
}

function slotOf(order: OrderRecord) {
  const { pickupSlotId, pickupFrom, pickupTo, pickupStartsAt, pickupEndsAt } = order;
  if (!pickupSlotId || !pickupFrom || !pickupTo || !pickupStartsAt || !pickupEndsAt) return null;
  return {
    id: pickupSlotId,
    date: order.fulfilmentDate,
    from: pickupFrom,
    to: pickupTo,
    place: order.pickupPlace ?? '',
    startsAt: pickupStartsAt.toISOString(),
    endsAt: pickupEndsAt.toISOString(),
  };
}

/**
 * Orders as answers, in the order of `rows`, with their lines and their history. Two short queries
 * for all the orders at once rather than two per order.
 */
export async function toOrderAnswers(db: Executor, rows: readonly OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.order.id);
  const [lines, history] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.name), asc(orderItems.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id)),
  ]);
  return rows.map((row) => {
    const { order } = row;
    const own = lines.filter((line) => line.orderId === order.id);
    const subtotalCents = own.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    return {
      id: order.id,
      number: formatOrderNumber(order.number),
      status: order.status,
      farm: { id: order.farmId, name: order.farmName },
      customer: { id: order.customerId, name: row.customerName.trim() },
      lines: own.map((line) => ({
        productId: line.productId,
        name: line.name,
        unit: line.unit,
        price: centsToDollars(line.priceCents),
        quantity: line.quantity,
        lineTotal: centsToDollars(line.priceCents * line.quantity),
      })),
      subtotal: centsToDollars(subtotalCents),
      deliveryFee: centsToDollars(order.deliveryFeeCents),
      total: centsToDollars(order.totalCents),
      payment: order.payment,
      paymentStatus: order.paymentStatus,
      ...(order.status === 'awaiting_payment'
        ? { paymentUrl: order.paymentUrl, paymentDueAt: order.paymentDueAt?.toISOString() ?? null }
        : { paymentUrl: null, paymentDueAt: null }),
      fulfilment: fulfilmentOf(row),
      note: order.note,
      history: history
        .filter((entry) => entry.orderId === order.id)
        .map((entry) => ({
          status: entry.status,
          at: entry.at.toISOString(),
          byRole: entry.byRole,
          reason: entry.reason,
        })),
      preorderId: row.preorderId,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    };
  });
}

/** The orders with these ids, as answers, in the order of `ids`. */
export async function loadOrders(db: Executor, ids: readonly string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const rows = await selectOrderRows(db).where(inArray(orders.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return toOrderAnswers(db, ordered);
}
