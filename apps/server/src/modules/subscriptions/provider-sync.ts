import { type BillingCycle, isPlanId } from '@furrow/domain/plans';
import { canTransition, changePlan, nextBillingAfterTrial } from '@furrow/domain/subscriptions';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';
import { farmers } from '../farmers/farmers.schema';
import type { PaymentPayload, SubscriptionPayload } from '../payments';
import { applyPlanLimit } from './plan-limits';
import { type SubscriptionRow, termsOf } from './subscription-answer';
import { billingRecords, paymentMethods, subscriptions } from './subscriptions.schema';
import { startSubscription } from './subscriptions.service';

/**
 * What the payment provider says of the plans it bills, applied to Furrow's records: the payments
 * module publishes the provider's current state of a subscription (`subscription.renewed`,
 * `.past-due`, `.cancelled`) and each invoice's outcome (`payment.succeeded` / `payment.failed` for
 * a plan), in the transaction that records the webhook, so late, repeated or reordered events all
 * end in the provider's state.
 */

type ProviderSubscription = SubscriptionPayload['subscription'];

/** A subscription event's handler: the record follows the provider's subscription. */
export async function followProviderSubscription(
  tx: Tx,
  { subscription }: SubscriptionPayload,
  now: Date,
): Promise<void> {
  await syncSubscription(tx, subscription, now);
}

/** `payment.succeeded`: a plan's paid invoice joins the billing history. */
export const onPlanPaymentSucceeded = (tx: Tx, payment: PaymentPayload, now: Date) =>
  recordProviderInvoice(tx, payment, true, now);

/** `payment.failed`: so does a failed one (the subscription's state arrives with it). */
export const onPlanPaymentFailed = (tx: Tx, payment: PaymentPayload, now: Date) =>
  recordProviderInvoice(tx, payment, false, now);

/** A plan's invoice, paid or failed, joins the billing history once. */
async function recordProviderInvoice(
  tx: Tx,
  payment: PaymentPayload,
  paid: boolean,
  now: Date,
): Promise<void> {
  if (payment.purpose !== 'plan' || !payment.providerId || !payment.amountCents) return;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, payment.reference));
  if (!row) return;
  await tx
    .insert(billingRecords)
    .values({
      subscriptionId: row.id,
      date: payment.at ?? now,
      amountCents: payment.amountCents,
      description: `Furrow ${row.planName}, ${row.billingCycle === 'annual' ? 'one year' : 'one month'}`,
      status: paid ? 'paid' : 'failed',
      invoiceUrl: payment.invoiceUrl ?? null,
      reference: `${payment.providerId}:${paid ? 'paid' : 'failed'}`,
    })
    .onConflictDoNothing();
}

/** Brings Furrow's record in line with the provider's subscription, creating it the first time. */
async function syncSubscription(
  tx: Tx,
  provider: ProviderSubscription,
  now: Date,
): Promise<SubscriptionRow | null> {
  const { status } = provider;
  let [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, provider.id))
    .for('update');
  if (!row) {
    const { farmerId, farmId, planId, billingCycle } = provider;
    // Not one of Furrow's checkouts, one that has granted nothing yet, or one whose farmer has
    // since deleted their account: acknowledged, so the provider stops sending it.
    if (!farmerId || !isPlanId(planId) || status === null) return null;
    const [farmer] = await tx
      .select({ id: farmers.id })
      .from(farmers)
      .where(eq(farmers.id, farmerId));
    if (!farmer) return null;
    await replaceCurrentPlan(tx, farmerId, now);
    row = await startSubscription(
      tx,
      farmerId,
      { planId, billingCycle: billingCycle === 'annual' ? 'annual' : 'monthly' },
      now,
      { farmId: farmId || null, customerId: provider.customerId, subscriptionId: provider.id },
    );
    await keepCard(tx, farmerId, provider.card, now);
  }
  // Cancelled is final here (a comeback is a new subscription): a later event saying the provider
  // will stop at the period's end, or still bills, must not bring it back. A farmer's cancel the
  // provider has now taken (or an end it reached) is no longer waiting for it.
  if (row.status === 'cancelled') {
    const confirmed = provider.cancelAtPeriodEnd || status === 'cancelled';
    const [kept] = await tx
      .update(subscriptions)
      .set({
        cancelAtPeriodEnd: provider.cancelAtPeriodEnd,
        ...(confirmed ? { providerCancelRequestedAt: null } : {}),
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    return kept ?? row;
  }
  const plan = planColumns(row, provider, now);
  const next = status !== null && canTransition(row.status, status) ? status : row.status;
  const trialEnd = provider.trialEnd ?? row.trialEndsAt;
  const periodEnd = provider.currentPeriodEnd ?? row.endDate;
  const inTrial = next === 'trial' && trialEnd !== null;
  const renews = next !== 'cancelled' && !provider.cancelAtPeriodEnd;
  const [updated] = await tx
    .update(subscriptions)
    .set({
      status: next,
      trialEndsAt: trialEnd,
      endDate: inTrial ? trialEnd : periodEnd,
      // The first charge falls the day after the trial (product rules: trial and billing).
      nextBillingDate: renews ? (inTrial ? nextBillingAfterTrial(trialEnd) : periodEnd) : null,
      autoRenew: renews,
      cancelAtPeriodEnd: provider.cancelAtPeriodEnd,
      ...plan,
      ...(next === 'cancelled'
        ? { cancelReason: row.cancelReason ?? 'Ended at the payment provider' }
        : {}),
      updatedAt: now,
    })
    .where(eq(subscriptions.id, row.id))
    .returning();
  // Another plan's limit may show products an older one hid, or hide some.
  if (updated && updated.planId !== row.planId) await applyPlanLimit(tx, row.farmerId, now);
  return updated ?? row;
}

/**
 * The plan the provider bills, as the payments module reads it from the provider: a plan
 * changed at once, or a downgrade whose period has begun, replaces the stored one with its price
 * and features; a downgrade still to come stays scheduled. Dates stay the provider's.
 */
function planColumns(row: SubscriptionRow, provider: ProviderSubscription, now: Date) {
  const pending =
    provider.next && isPlanId(provider.next.planId)
      ? {
          pendingPlanId: provider.next.planId,
          pendingBillingCycle: cycleOf(provider.next.billingCycle),
        }
      : { pendingPlanId: null, pendingBillingCycle: null };
  if (!isPlanId(provider.planId)) return {};
  const cycle = cycleOf(provider.billingCycle);
  if (provider.planId === row.planId && cycle === row.billingCycle) return pending;
  const changed = changePlan(termsOf(row), provider.planId, cycle, now);
  return {
    ...pending,
    planId: changed.planId,
    planName: changed.planName,
    billingCycle: changed.billingCycle,
    priceCents: changed.priceCents,
    features: changed.features,
    upgradePath: changed.upgradePath,
  };
}

const cycleOf = (cycle: string | null): BillingCycle => (cycle === 'annual' ? 'annual' : 'monthly');

/** The card given at checkout joins the farmer's payment methods, once. */
async function keepCard(
  tx: Tx,
  farmerId: string,
  card: ProviderSubscription['card'],
  now: Date,
): Promise<void> {
  if (!card) return;
  const [known] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.farmerId, farmerId),
        eq(paymentMethods.providerPaymentMethodId, card.providerId),
      ),
    );
  if (known) return;
  await tx.insert(paymentMethods).values({
    farmerId,
    type: 'card',
    brand: card.brand,
    last4: card.last4,
    providerPaymentMethodId: card.providerId,
    setupDate: now,
  });
}

/**
 * The plan just paid for at checkout takes the place of the farmer's current one (a trial started
 * without a card): a farmer has one current subscription (product rules: plans and limits).
 */
async function replaceCurrentPlan(tx: Tx, farmerId: string, now: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({
      status: 'cancelled',
      autoRenew: false,
      nextBillingDate: null,
      cancelReason: 'Replaced by the plan paid at checkout',
      updatedAt: now,
    })
    .where(
      and(eq(subscriptions.farmerId, farmerId), inArray(subscriptions.status, ['trial', 'active'])),
    );
}
