import { AppError } from '@furrow/domain/errors';
import { type BillingCycle, isPlanId } from '@furrow/domain/plans';
import {
  canTransition,
  changePlan,
  nextBillingAfterTrial,
  statusFromProvider,
} from '@furrow/domain/subscriptions';
import { and, eq, inArray } from 'drizzle-orm';
import {
  type ProviderSubscription,
  planFromMetadata,
  type WebhookEvent,
} from '../../adapters/payments/payment-provider';
import {
  billingRecords,
  farmers,
  paymentMethods,
  processedWebhookEvents,
  subscriptions,
} from '../../db/schema';
import { type Tx, withTransaction } from '../../db/transaction';
import {
  confirmOrderPayment,
  isOrderPaymentEvent,
  readOrderPayment,
} from '../orders/card-payments';
import { syncPayoutAccount } from '../payouts/payouts.service';
import { applyPlanLimit } from './plan-limits';
import { type SubscriptionRow, termsOf } from './subscription-answer';
import { type BillingDeps, startSubscription } from './subscriptions.service';

type StripeObject = Record<string, unknown>;

/** The provider subscription an event is about, wherever its shape keeps the id. */
function subscriptionIdOf(object: StripeObject): string | null {
  if (object.object === 'subscription' && typeof object.id === 'string') return object.id;
  const direct = object.subscription;
  if (typeof direct === 'string') return direct;
  if (direct && typeof (direct as StripeObject).id === 'string')
    return (direct as { id: string }).id;
  // Invoices since API version 2025-03-31 name it under `parent`.
  const parent = object.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  const nested = parent?.subscription_details?.subscription;
  return typeof nested === 'string' ? nested : null;
}

/**
 * A webhook delivery from the card provider (or the sandbox, signed the same way). The signature
 * is checked over the raw body; each event id is applied once; and the event is only a trigger: the
 * subscription's state is read from the provider, so late, repeated or reordered events all end
 * in the provider's current state.
 */
export async function handleWebhook(
  deps: BillingDeps,
  rawBody: string | Buffer,
  signature: string | undefined,
): Promise<{ applied: boolean }> {
  let event: WebhookEvent;
  try {
    event = deps.payments.verifyWebhook(rawBody, signature);
  } catch {
    throw new AppError('WEBHOOK_INVALID');
  }
  const object = event.data.object;
  if (isOrderPaymentEvent(event)) {
    const payment = await readOrderPayment(deps.payments, event);
    return applyOnce(deps, event, (tx, now) =>
      payment ? confirmOrderPayment(tx, payment, now) : Promise.resolve(),
    );
  }
  if (event.type === 'account.updated' && typeof object.id === 'string') {
    const account = await deps.payments.retrieveConnectedAccount(object.id);
    return applyOnce(deps, event, (tx) => syncPayoutAccount(tx, account));
  }
  const providerId = subscriptionIdOf(object);
  // Read before the transaction: no provider call holds a database lock.
  const current = providerId ? await deps.payments.retrieveSubscription(providerId) : null;
  return applyOnce(deps, event, async (tx, now) => {
    const row = current ? await syncSubscription(tx, current, now) : null;
    if (row && (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed')) {
      await recordInvoice(tx, row, object, event.type === 'invoice.paid', now);
    }
  });
}

/** Applies an event's effect in the transaction that records its id, so that it applies once. */
function applyOnce(
  deps: BillingDeps,
  event: WebhookEvent,
  apply: (tx: Tx, now: Date) => Promise<void>,
): Promise<{ applied: boolean }> {
  const now = deps.clock();
  return withTransaction(deps.db, async (tx) => {
    const [fresh] = await tx
      .insert(processedWebhookEvents)
      .values({ id: event.id, type: event.type, processedAt: now })
      .onConflictDoNothing()
      .returning({ id: processedWebhookEvents.id });
    if (!fresh) return { applied: false };
    await apply(tx, now);
    return { applied: true };
  });
}

/** Brings Furrow's record in line with the provider's subscription, creating it the first time. */
async function syncSubscription(
  tx: Tx,
  provider: ProviderSubscription,
  now: Date,
): Promise<SubscriptionRow | null> {
  const status = statusFromProvider(provider.status);
  let [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, provider.id))
    .for('update');
  if (!row) {
    const { farmerId, farmId, planId, billingCycle } = provider.metadata;
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
  // will stop at the period's end must not bring it back.
  if (row.status === 'cancelled') {
    const [kept] = await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: provider.cancelAtPeriodEnd })
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
      // Spec 9: the first charge falls the day after the trial.
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
 * The plan the provider bills, read from the metadata Furrow keeps on its subscription: a plan
 * changed at once, or a downgrade whose period has begun, replaces the stored one with its price
 * and features; a downgrade still to come stays scheduled. Dates stay the provider's.
 */
function planColumns(row: SubscriptionRow, provider: ProviderSubscription, now: Date) {
  const billed = planFromMetadata(provider.metadata, provider.currentPeriodEnd);
  const pending =
    billed.next && isPlanId(billed.next.planId)
      ? {
          pendingPlanId: billed.next.planId,
          pendingBillingCycle: cycleOf(billed.next.billingCycle),
        }
      : { pendingPlanId: null, pendingBillingCycle: null };
  if (!isPlanId(billed.planId)) return {};
  const cycle = cycleOf(billed.billingCycle);
  if (billed.planId === row.planId && cycle === row.billingCycle) return pending;
  const changed = changePlan(termsOf(row), billed.planId, cycle, now);
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

const cycleOf = (cycle: string | undefined): BillingCycle =>
  cycle === 'annual' ? 'annual' : 'monthly';

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
 * without a card): spec 4 allows one current subscription.
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

/** One billing record per invoice outcome; a zero invoice (the trial's) is not a charge. */
async function recordInvoice(
  tx: Tx,
  row: SubscriptionRow,
  invoice: StripeObject,
  paid: boolean,
  now: Date,
): Promise<void> {
  const amountCents = Number(paid ? invoice.amount_paid : invoice.amount_due) || 0;
  if (amountCents === 0 || typeof invoice.id !== 'string') return;
  const created = typeof invoice.created === 'number' ? new Date(invoice.created * 1000) : now;
  await tx
    .insert(billingRecords)
    .values({
      subscriptionId: row.id,
      date: created,
      amountCents,
      description: `Furrow ${row.planName}, ${row.billingCycle === 'annual' ? 'one year' : 'one month'}`,
      status: paid ? 'paid' : 'failed',
      invoiceUrl:
        typeof invoice.hosted_invoice_url === 'string' ? invoice.hosted_invoice_url : null,
      reference: `${invoice.id}:${paid ? 'paid' : 'failed'}`,
    })
    .onConflictDoNothing();
}
