import type { CreateOrderAnswer } from '@furrow/domain/api/orders';
import { AppError } from '@furrow/domain/errors';
import { formatOrderNumber } from '@furrow/domain/order-numbers';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type Tx, withTransaction } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { enqueue } from '../../jobs/enqueue';
import { defineJob } from '../../jobs/job-kind';
import type { Worker } from '../../jobs/worker';
import { farms } from '../farms/farms.schema';
import type { PaymentPayload, PaymentProvider, ProviderPaymentCheckout } from '../payments';
import { users } from '../users/users.schema';
import { loadOrders } from './order-answer';
import { orderCancelled, orderPaid } from './order-events';
import { queueOrderMail } from './order-mails';
import { recordStatus } from './order-records';
import { returnStock } from './order-stock';
import { checkoutRequests, orderItems, orders } from './orders.schema';

/**
 * Card payments at checkout (product rules: card payments; docs/decisions/0019). A card
 * order is written `awaiting_payment`, holding its stock; each gets a hosted checkout at the
 * provider, paid to its farm's connected account. The provider's confirmation makes it `placed`;
 * after the hold it is released and its stock returned; cancelling a paid one refunds it.
 */

export interface CardPaymentDeps {
  db: Db;
  payments: PaymentProvider;
  clock: () => Date;
  publicUrl: string;
  /** Where a provider failure is logged before the shopper is told to try again. */
  log?: (error: unknown) => void;
}

/** Why an order whose hold ended unpaid was cancelled, in its history. */
const NOT_PAID = 'Not paid within 30 minutes';

/** At the end of the hold: closes the checkout, then releases the order if it is still unpaid. */
export const releaseUnpaidOrder = defineJob(
  'order.release-unpaid',
  z.object({ orderId: z.uuid() }),
  { redact: ({ orderId }) => ({ orderId }) },
);

/**
 * Gives a cancelled card order's money back through the provider. The order says `paid` until the
 * provider has taken the refund; tried for about a day, then the reconciliation asks again.
 */
export const refundOrder = defineJob('order.refund', z.object({ orderId: z.uuid() }), {
  maxAttempts: 30,
  redact: ({ orderId }) => ({ orderId }),
});

export function registerCardPaymentJobs(worker: Worker, deps: CardPaymentDeps): void {
  worker.handle(releaseUnpaidOrder, ({ orderId }) => releaseIfUnpaid(deps, orderId, NOT_PAID));
  worker.handle(refundOrder, ({ orderId }) => refund(deps, orderId));
}

/** In the checkout's transaction: the release of an unpaid order is queued with the order. */
export async function queueRelease(tx: Tx, orderId: string, dueAt: Date): Promise<void> {
  await enqueue(tx, releaseUnpaidOrder, { orderId }, { runAt: dueAt });
}

/** In a cancelling transaction: a paid card order is refunded once the cancel commits. */
export async function queueRefund(tx: Tx, orderId: string): Promise<void> {
  await enqueue(tx, refundOrder, { orderId });
}

/**
 * After checkout committed: a hosted checkout for every card order that has none yet, so that a
 * retried request finishes what a crashed one began. Provider calls hold no database lock. When
 * the provider cannot be reached, the orders are released at once and the shopper is told.
 */
export async function openCardPayments(
  deps: CardPaymentDeps,
  customerId: string,
  idempotencyKey: string,
  answer: CreateOrderAnswer,
): Promise<CreateOrderAnswer> {
  const ids = answer.orders.map((order) => order.id);
  const waiting = await deps.db
    .select({
      order: orders,
      farmName: farms.name,
      accountId: farms.payoutAccountId,
      email: users.email,
    })
    .from(orders)
    .innerJoin(farms, eq(farms.id, orders.farmId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(and(inArray(orders.id, ids), eq(orders.status, 'awaiting_payment')));
  const base = deps.publicUrl.replace(/\/+$/, '');
  try {
    for (const { order, farmName, accountId, email } of waiting) {
      if (order.paymentSessionId || !accountId || !order.paymentDueAt) continue;
      const lines = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      const number = formatOrderNumber(order.number);
      const session = await deps.payments.createPaymentCheckout({
        orderId: order.id,
        orderNumber: number,
        farmName,
        accountId,
        customerEmail: email,
        lines: [
          ...lines.map((line) => ({
            name: `${line.name} (${line.unit})`,
            unitAmountCents: line.priceCents,
            quantity: line.quantity,
          })),
          ...(order.deliveryFeeCents > 0
            ? [{ name: 'Delivery', unitAmountCents: order.deliveryFeeCents, quantity: 1 }]
            : []),
        ],
        amountCents: order.totalCents,
        // Stripe closes a session no sooner than 30 minutes after it is made; the release job
        // closes it at the hold's end anyway.
        expiresAt: new Date(order.paymentDueAt.getTime() + 60_000),
        successUrl: `${base}/orders/${order.id}?payment=done`,
        cancelUrl: `${base}/orders/${order.id}?payment=cancelled`,
      });
      await deps.db
        .update(orders)
        .set({ paymentSessionId: session.id, paymentUrl: session.url })
        .where(and(eq(orders.id, order.id), isNull(orders.paymentSessionId)));
    }
  } catch (error) {
    for (const { order } of waiting) {
      await releaseNow(deps, order.id, 'Card payment could not be started', {
        customerId,
        idempotencyKey,
      });
    }
    deps.log?.(error);
    throw new AppError('PAYMENT_UNAVAILABLE');
  }
  const fresh = await loadOrders(deps.db, ids);
  const url = fresh.find((order) => order.paymentUrl)?.paymentUrl ?? undefined;
  const paid: CreateOrderAnswer = { ...answer, orders: fresh, ...(url ? { url } : {}) };
  await deps.db
    .update(checkoutRequests)
    .set({ answer: paid })
    .where(
      and(eq(checkoutRequests.customerId, customerId), eq(checkoutRequests.key, idempotencyKey)),
    );
  return paid;
}

/** A paid order, as the provider reads it: which order, and the payment that paid it. */
export interface OrderPayment {
  orderId: string;
  paymentIntentId: string | null;
}

function paidOrder(checkout: ProviderPaymentCheckout): OrderPayment | null {
  return checkout.paid && checkout.orderId
    ? { orderId: checkout.orderId, paymentIntentId: checkout.paymentIntentId }
    : null;
}

/** `payment.succeeded`: an order's payment the provider confirmed (a plan's is not ours). */
export async function onPaymentSucceeded(tx: Tx, payment: PaymentPayload, now: Date) {
  if (payment.purpose !== 'order') return;
  await confirmOrderPayment(
    tx,
    { orderId: payment.reference, paymentIntentId: payment.providerId },
    now,
  );
}

/**
 * `payment.refunded`: the provider has given a cancelled order's money back, so it no longer waits
 * for the refund, whichever of the refund job and the provider's event comes first.
 */
export async function onPaymentRefunded(tx: Tx, payment: PaymentPayload, now: Date) {
  if (payment.purpose !== 'order') return;
  await tx
    .update(orders)
    .set({ paymentStatus: 'refunded', updatedAt: now })
    .where(
      and(
        eq(orders.id, payment.reference),
        eq(orders.status, 'cancelled'),
        eq(orders.paymentStatus, 'paid'),
      ),
    );
}

/**
 * The provider confirmed the payment: an order awaiting it becomes `placed`, once, however many
 * events say so. Money that arrives after the order was released is paid back.
 */
export async function confirmOrderPayment(tx: Tx, payment: OrderPayment, now: Date): Promise<void> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, payment.orderId), eq(orders.payment, 'card')))
    .for('update');
  if (!order) return;
  const paymentIntentId = payment.paymentIntentId ?? order.paymentIntentId;
  if (order.status === 'awaiting_payment') {
    await tx
      .update(orders)
      .set({ status: 'placed', paymentStatus: 'paid', paymentIntentId, updatedAt: now })
      .where(eq(orders.id, order.id));
    await recordStatus(tx, order.id, 'placed', null, null, now);
    await queueOrderMail(tx, order.id, 'placed');
    const { farmId, createdAt: placedAt, totalCents } = order;
    if (farmId)
      await publish(tx, orderPaid, { orderId: order.id, farmId, placedAt, totalCents }, now);
    return;
  }
  const settled = order.paymentStatus === 'paid' || order.paymentStatus === 'refunded';
  if (order.status === 'cancelled' && !settled && paymentIntentId) {
    await tx
      .update(orders)
      .set({ paymentStatus: 'paid', paymentIntentId, updatedAt: now })
      .where(eq(orders.id, order.id));
    await queueRefund(tx, order.id);
  }
}

/**
 * The hold is over. The checkout is closed at the provider first, so that nobody pays for an order
 * being released; if it was paid meanwhile, the order is placed instead.
 */
async function releaseIfUnpaid(
  deps: CardPaymentDeps,
  orderId: string,
  reason: string,
): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.status !== 'awaiting_payment') return;
  const checkout = order.paymentSessionId
    ? await deps.payments.expirePaymentCheckout(order.paymentSessionId)
    : null;
  const paid = checkout ? paidOrder(checkout) : null;
  if (paid) {
    await withTransaction(deps.db, (tx) => confirmOrderPayment(tx, paid, deps.clock()));
    return;
  }
  await releaseNow(deps, orderId, reason);
}

/** Cancels an unpaid order and returns its stock, once: the row is locked and checked again. */
async function releaseNow(
  deps: CardPaymentDeps,
  orderId: string,
  reason: string,
  forgetKey?: { customerId: string; idempotencyKey: string },
): Promise<void> {
  const now = deps.clock();
  await withTransaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (order?.status !== 'awaiting_payment') return;
    await tx
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'unpaid', paymentUrl: null, updatedAt: now })
      .where(eq(orders.id, orderId));
    await recordStatus(tx, orderId, 'cancelled', null, reason, now);
    await returnStock(tx, orderId, now, 'released');
    await queueOrderMail(tx, orderId, 'cancelled');
    const { farmId, createdAt: placedAt, totalCents } = order;
    if (farmId) {
      const cancelled = { orderId, farmId, placedAt, totalCents, previousStatus: order.status };
      await publish(tx, orderCancelled, cancelled, now);
    }
    // A checkout whose payment never started leaves no answer behind: trying again is a new try.
    if (forgetKey) {
      await tx
        .delete(checkoutRequests)
        .where(
          and(
            eq(checkoutRequests.customerId, forgetKey.customerId),
            eq(checkoutRequests.key, forgetKey.idempotencyKey),
          ),
        );
    }
  });
}

/**
 * For the periodic reconciliation: unpaid orders past their hold (their release job gave up) are
 * released or placed as the provider says, and cancelled orders still waiting for their refund are
 * refunded; the provider's keys make a second try harmless.
 */
export function cardPaymentReconciler(deps: CardPaymentDeps) {
  return async (now: Date): Promise<void> => {
    const unpaid = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.paymentDueAt, now)));
    const unrefunded = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.payment, 'card'),
          eq(orders.status, 'cancelled'),
          eq(orders.paymentStatus, 'paid'),
        ),
      );
    let failed = 0;
    const settle = (work: Promise<void>) =>
      work.catch(() => {
        failed += 1;
      });
    for (const { id } of unpaid) await settle(releaseIfUnpaid(deps, id, NOT_PAID));
    for (const { id } of unrefunded) await settle(refund(deps, id));
    if (failed > 0) throw new Error(`${failed} card payments still wait for the provider`);
  };
}

/** Refunds a cancelled card order's payment whole; the provider's key makes a retry harmless. */
async function refund(deps: CardPaymentDeps, orderId: string): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.paymentStatus !== 'paid' || !order.paymentIntentId) return;
  await deps.payments.refundPayment({
    paymentIntentId: order.paymentIntentId,
    idempotencyKey: `order-refund:${orderId}`,
  });
  await deps.db
    .update(orders)
    .set({ paymentStatus: 'refunded', updatedAt: deps.clock() })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'paid')));
}
