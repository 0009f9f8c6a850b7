import { addDays } from '@furrow/domain/dates';
import { getPlan } from '@furrow/domain/plans';
import {
  applyScheduledChange,
  cycleChargeCents,
  markPastDue,
  recordPayment,
} from '@furrow/domain/subscriptions';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type Executor, withTransaction } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { defineJob } from '../../jobs/job-kind';
import { jobs } from '../../jobs/jobs.schema';
import { sendMail } from '../../jobs/send-mail';
import type { Worker } from '../../jobs/worker';
import type { PaymentProvider } from '../payments';
import { users } from '../users/users.schema';
import { paymentFailedMail, receiptMail } from './billing-mails';
import { applyPlanLimit } from './plan-limits';
import { termsOf } from './subscription-answer';
import { billingRecords, paymentMethods, subscriptions } from './subscriptions.schema';

/**
 * One charge of a subscription Furrow bills: the first one the day after the trial, then one per
 * cycle (product rules: trial and billing). `dueAt` names the bill, so a job for a date a plan
 * change has moved does nothing.
 */
export const chargeDue = defineJob(
  'subscription-charge',
  z.object({ subscriptionId: z.uuid(), dueAt: z.iso.datetime(), attempt: z.number().int().min(1) }),
);

/** A declined charge is tried again after these many days, then the plan stays past due. */
const RETRY_AFTER_DAYS = [3, 5] as const;

export interface RenewalDeps {
  db: Db;
  payments: PaymentProvider;
  clock: () => Date;
  /** The app's address, for the billing link in receipts and notices. */
  publicUrl: string;
}

/** Where a farmer sees and pays their plan. */
const BILLING_PATH = '/farmers/billing';

export function registerRenewalJob(worker: Worker, deps: RenewalDeps): void {
  worker.handle(chargeDue, (payload) => chargeSubscription(deps, payload));
}

async function chargeSubscription(
  deps: RenewalDeps,
  payload: z.infer<typeof chargeDue.schema>,
): Promise<void> {
  const { db, payments } = deps;
  const dueAt = new Date(payload.dueAt);
  const [due] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, payload.subscriptionId));
  if (!due || !stillDue(due, dueAt)) return;

  const [card] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.farmerId, due.farmerId), eq(paymentMethods.type, 'card')))
    .orderBy(desc(paymentMethods.setupDate))
    .limit(1);
  // A move to a cheaper plan takes effect with this bill.
  const plan = getPlan(due.pendingPlanId ?? due.planId);
  const cycle = due.pendingBillingCycle ?? due.billingCycle;
  const amountCents = cycleChargeCents(plan, cycle);
  const description = `Furrow ${plan.name}, ${cycle === 'annual' ? 'one year' : 'one month'}`;
  const key = `${due.id}:${payload.dueAt}:${payload.attempt}`;
  // The provider is called outside any transaction; its idempotency key makes a retried job
  // hear the first answer instead of charging twice.
  const result = card
    ? await payments.charge({
        customerId: due.providerCustomerId,
        paymentMethod: { providerId: card.providerPaymentMethodId, last4: card.last4 },
        amountCents,
        description,
        idempotencyKey: key,
      })
    : { id: `${key}:no-card`, paid: false, invoiceUrl: null, failure: 'No card on file' };

  const now = deps.clock();
  await withTransaction(db, async (tx) => {
    const [locked] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, due.id))
      .for('update');
    if (!locked || !stillDue(locked, dueAt)) return;
    const [written] = await tx
      .insert(billingRecords)
      .values({
        subscriptionId: locked.id,
        date: now,
        amountCents,
        description: result.paid ? description : `${description}: ${result.failure}`,
        status: result.paid ? 'paid' : 'failed',
        invoiceUrl: result.invoiceUrl,
        reference: result.id,
      })
      .onConflictDoNothing()
      .returning({ id: billingRecords.id });
    if (!written) return;
    if (card && result.paid) {
      await tx.update(paymentMethods).set({ lastUsed: now }).where(eq(paymentMethods.id, card.id));
    }
    const terms = result.paid
      ? recordPayment(applyScheduledChange(termsOf(locked), plan, cycle), now)
      : markPastDue(termsOf(locked));
    const [saved] = await tx
      .update(subscriptions)
      .set({
        planId: terms.planId,
        planName: terms.planName,
        billingCycle: terms.billingCycle,
        priceCents: terms.priceCents,
        features: terms.features,
        upgradePath: terms.upgradePath,
        status: terms.status,
        endDate: terms.endDate,
        nextBillingDate: terms.nextBillingDate,
        ...(result.paid ? { pendingPlanId: null, pendingBillingCycle: null } : {}),
        updatedAt: now,
      })
      .where(eq(subscriptions.id, locked.id))
      .returning();
    // A cheaper plan now in force hides the products past its limit, newest first (product rules:
    // plans and limits).
    const { hidden } = result.paid
      ? await applyPlanLimit(tx, locked.farmerId, now)
      : { hidden: [] };
    if (result.paid && saved?.nextBillingDate && saved.autoRenew) {
      await enqueue(
        tx,
        chargeDue,
        { subscriptionId: saved.id, dueAt: saved.nextBillingDate.toISOString(), attempt: 1 },
        { runAt: saved.nextBillingDate },
      );
    }
    const [farmer] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, locked.farmerId));
    if (farmer && saved) {
      const bill = {
        to: farmer.email,
        firstName: farmer.firstName || 'there',
        planName: plan.name,
        amountCents,
        link: `${deps.publicUrl}${BILLING_PATH}`,
      };
      await enqueue(
        tx,
        sendMail,
        result.paid
          ? receiptMail({ ...bill, paidUntil: saved.endDate, hiddenProducts: hidden, plan })
          : paymentFailedMail({ ...bill, reason: result.failure ?? 'the card was declined' }),
      );
    }
    const retryDays = RETRY_AFTER_DAYS[payload.attempt - 1];
    if (!result.paid && retryDays !== undefined) {
      await enqueue(
        tx,
        chargeDue,
        { ...payload, attempt: payload.attempt + 1 },
        { runAt: addDays(now, retryDays) },
      );
    }
  });
}

/** A bill is still owed while the plan renews, Furrow bills it, and its date has not moved. */
function stillDue(row: typeof subscriptions.$inferSelect, dueAt: Date): boolean {
  return (
    row.status !== 'cancelled' &&
    row.autoRenew &&
    row.providerSubscriptionId === null &&
    row.nextBillingDate?.getTime() === dueAt.getTime()
  );
}

/**
 * Queues the next charge of every subscription Furrow bills that has none queued: subscriptions
 * written without the service, as the demo data is. Returns how many it queued.
 */
export async function queueMissingCharges(db: Executor): Promise<number> {
  const unqueued = await db
    .select({ id: subscriptions.id, nextBillingDate: subscriptions.nextBillingDate })
    .from(subscriptions)
    .where(
      and(
        isNull(subscriptions.providerSubscriptionId),
        eq(subscriptions.autoRenew, true),
        isNotNull(subscriptions.nextBillingDate),
        inArray(subscriptions.status, ['trial', 'active', 'past_due']),
        sql`not exists (select 1 from ${jobs} where ${jobs.kind} = ${chargeDue.name} and ${jobs.payload}->>'subscriptionId' = ${subscriptions.id}::text)`,
      ),
    );
  for (const { id, nextBillingDate } of unqueued) {
    if (!nextBillingDate) continue;
    await enqueue(
      db,
      chargeDue,
      { subscriptionId: id, dueAt: nextBillingDate.toISOString(), attempt: 1 },
      { runAt: nextBillingDate },
    );
  }
  return unqueued.length;
}
