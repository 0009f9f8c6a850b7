import type { Order, OrderStatusBody } from '@furrow/domain/api/orders';
import { AppError } from '@furrow/domain/errors';
import { checkOrderMove } from '@furrow/domain/order-permissions';
import { returnsStock } from '@furrow/domain/orders';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { authorize, type Viewer } from '../../policy/policy';
import { farms } from '../farms/farms.schema';
import { queueRefund } from './card-payments';
import { loadOrders } from './order-answer';
import { orderCancelled } from './order-events';
import { queueOrderMail } from './order-mails';
import { recordStatus } from './order-records';
import { returnStock } from './order-stock';
import { orders } from './orders.schema';

/**
 * Moves an order along the transition table, for whoever may make that move, and writes the
 * timeline entry. The order's row is locked first, so two moves of one order take turns: when two
 * cancellations race, the second finds it cancelled and is refused, and the stock comes back once.
 */
export async function changeOrderStatus(
  db: Db,
  actor: NonNullable<Viewer>,
  orderId: string,
  body: OrderStatusBody,
  now = new Date(),
): Promise<Order> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ order: orders, farmerId: farms.farmerId })
      .from(orders)
      // Left: an order whose farmer deleted their account is still its customer's to read.
      .leftJoin(farms, eq(farms.id, orders.farmId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    const parties = {
      customerId: row.order.customerId,
      farmerId: row.farmerId,
      status: row.order.status,
    };
    authorize(actor, 'order.move', parties);
    const by = { userId: actor.id, role: actor.role };

    const reason = body.reason?.trim() || null;
    const check = checkOrderMove(by, parties, body.status, reason ?? undefined);
    if (!check.ok) {
      throw new AppError(check.code, check.message, [
        { field: 'status', message: check.message, allowed: check.allowed },
      ]);
    }
    // An order given up while it awaited its card payment is unpaid and has nothing left to pay,
    // as when the release job ends it; a payment that still arrives is refunded by the webhook.
    const givenUpUnpaid = body.status === 'cancelled' && row.order.status === 'awaiting_payment';
    await tx
      .update(orders)
      .set({
        status: body.status,
        updatedAt: now,
        ...(givenUpUnpaid && { paymentStatus: 'unpaid' as const, paymentUrl: null }),
      })
      .where(eq(orders.id, orderId));
    await recordStatus(tx, orderId, body.status, by, reason, now);
    if (body.status === 'ready' || body.status === 'cancelled') {
      await queueOrderMail(tx, orderId, body.status);
    }
    if (returnsStock(body.status)) {
      await returnStock(tx, orderId, now, givenUpUnpaid ? 'released' : 'returned');
    }
    if (body.status === 'cancelled' && row.order.paymentStatus === 'paid') {
      await queueRefund(tx, orderId);
    }
    // An order that can still be cancelled has its farm: only closed orders outlive it.
    const { farmId, createdAt, totalCents, status: previousStatus } = row.order;
    if (body.status === 'cancelled' && farmId !== null) {
      const cancelled = { orderId, farmId, placedAt: createdAt, totalCents, previousStatus };
      await publish(tx, orderCancelled, cancelled, now);
    }
    const [order] = await loadOrders(tx, [orderId]);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  });
}
