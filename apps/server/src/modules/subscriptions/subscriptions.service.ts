import type { AnalyticsTotals } from '@furrow/domain/analytics';
import { AppError } from '@furrow/domain/errors';
import { centsToDollars } from '@furrow/domain/money';
import {
  type BillingCycle,
  findPlan,
  getPlan,
  type PaymentMethodType,
  type Plan,
  paymentMethodMessage,
} from '@furrow/domain/plans';
import {
  cancel,
  changePlan,
  cycleChargeCents,
  defaultMarketingPreferences,
  defersChange,
  emptyUsageStats,
  type MarketingPreferences,
  newSubscription,
  type SubscriptionTerms,
  totalSpentCents,
} from '@furrow/domain/subscriptions';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Executor, type Tx, withTransaction } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { authorize, type Viewer } from '../../policy/policy';
import { farmers } from '../farmers/farmers.schema';
import type { PaymentProvider } from '../payments';
import { products } from '../products/products.schema';
import { applyPlanLimit } from './plan-limits';
import { queueProviderCancelAtPeriodEnd } from './provider-cancellation.job';
import { chargeDue } from './renewal.job';
import { type SubscriptionRow, termsOf } from './subscription-answer';
import { billingRecords, subscriptions } from './subscriptions.schema';

export interface BillingDeps {
  db: Db;
  payments: PaymentProvider;
  clock: () => Date;
}

export interface StartRequest {
  planId: string;
  billingCycle: BillingCycle;
  paymentMethod?: PaymentMethodType;
  discountCode?: string;
}

/** What the provider knows of a plan bought through its checkout. */
export interface ProviderLink {
  farmId: string | null;
  customerId: string;
  subscriptionId: string;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Each plan lists the ways it may be paid (product rules: plans and limits). */
export function assertAccepts(plan: Plan, type: PaymentMethodType, field: string): void {
  if (plan.paymentMethods.includes(type)) return;
  throw new AppError('PAYMENT_METHOD_NOT_ALLOWED', paymentMethodMessage(plan), [
    { field, message: `must be one of ${plan.paymentMethods.join(', ')}` },
  ]);
}

/** Stored columns of the terms the domain computes. */
function termColumns(terms: SubscriptionTerms) {
  return {
    planId: terms.planId,
    planName: terms.planName,
    status: terms.status,
    billingCycle: terms.billingCycle,
    priceCents: terms.priceCents,
    features: terms.features,
    startDate: terms.startDate,
    endDate: terms.endDate,
    trialEndsAt: terms.trialEndsAt,
    nextBillingDate: terms.nextBillingDate,
    autoRenew: terms.autoRenew,
    cancelReason: terms.cancelReason,
    upgradePath: terms.upgradePath,
  };
}

/**
 * The one way a subscription begins, in its trial with autoRenew on (product rules: trial and
 * billing), whether the farmer chose a plan directly or paid through the checkout. Furrow bills a
 * plan it started itself, so its first charge is queued for the day after the trial; the provider
 * bills one it sold.
 */
export async function startSubscription(
  tx: Tx,
  farmerId: string,
  request: StartRequest,
  now: Date,
  link?: ProviderLink,
): Promise<SubscriptionRow> {
  const terms = newSubscription(request.planId, request.billingCycle, now);
  const plan = getPlan(terms.planId);
  if (request.paymentMethod) assertAccepts(plan, request.paymentMethod, 'paymentMethod');
  let row: SubscriptionRow | undefined;
  try {
    // A savepoint, so that a refused insert leaves the caller's transaction usable.
    [row] = await tx.transaction((savepoint) =>
      savepoint
        .insert(subscriptions)
        .values({
          ...termColumns(terms),
          farmerId,
          farmId: link?.farmId ?? null,
          paymentMethod: request.paymentMethod ?? (link ? 'card' : null),
          discountCode: request.discountCode || null,
          usageStats: emptyUsageStats(now),
          marketingPreferences: defaultMarketingPreferences,
          providerCustomerId: link?.customerId ?? null,
          providerSubscriptionId: link?.subscriptionId ?? null,
        })
        .returning(),
    );
  } catch (error) {
    // One current subscription (product rules: plans and limits); the partial unique index decides,
    // race or not.
    if (isUniqueViolation(error)) throw new AppError('SUBSCRIPTION_EXISTS');
    throw error;
  }
  if (!row) throw new Error('the subscription was not written');
  if (!link) await queueNextCharge(tx, row);
  // A new plan after a lapse may allow fewer products than the farmer holds, or more.
  await applyPlanLimit(tx, farmerId, now);
  return row;
}

/** Queues the charge due at the subscription's next billing date, if Furrow bills it. */
export async function queueNextCharge(executor: Executor, row: SubscriptionRow): Promise<void> {
  if (row.providerSubscriptionId || !row.nextBillingDate || !row.autoRenew) return;
  await enqueue(
    executor,
    chargeDue,
    { subscriptionId: row.id, dueAt: row.nextBillingDate.toISOString(), attempt: 1 },
    { runAt: row.nextBillingDate },
  );
}

/**
 * The current subscription is the one in trial or active (product rules: plans and limits). A farmer whose payment failed
 * has none, but still needs to see the plan to pay for it, so the newest past-due one comes next.
 */
export async function findCurrentSubscription(
  db: Executor,
  farmerId: string,
): Promise<SubscriptionRow | null> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.farmerId, farmerId),
        inArray(subscriptions.status, ['trial', 'active', 'past_due']),
      ),
    )
    .orderBy(desc(subscriptions.createdAt));
  return rows.find((row) => row.status !== 'past_due') ?? rows[0] ?? null;
}

/** Every subscription of a farmer's, newest first. */
export async function listSubscriptions(
  db: Executor,
  farmerId: string,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.farmerId, farmerId))
    .orderBy(desc(subscriptions.createdAt));
}

/** One subscription, for its owner or an admin; anyone else hears it does not exist. */
export async function findSubscription(
  db: Executor,
  viewer: Viewer,
  id: string,
  lock = false,
): Promise<SubscriptionRow> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  authorize(viewer, 'subscription.manage', row);
  return row;
}

async function save(tx: Tx, id: string, terms: SubscriptionTerms, now: Date) {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...termColumns(terms), updatedAt: now })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  return row;
}

/**
 * Cancelled, autoRenew off, reason kept (product rules: trial and billing). A plan sold by the
 * provider is cancelled there too, at the end of the period paid for: the request is queued with
 * the change and retried until the provider confirms it, and until then the record says it waits.
 */
export async function cancelSubscription(
  deps: BillingDeps,
  viewer: Viewer,
  id: string,
  reason: string,
): Promise<SubscriptionRow> {
  const now = deps.clock();
  return withTransaction(deps.db, async (tx) => {
    const current = await findSubscription(tx, viewer, id, true);
    const cancelled = cancel(termsOf(current), reason);
    await clearScheduledChange(tx, id);
    const row = await save(tx, id, cancelled, now);
    if (row.providerSubscriptionId) await queueProviderCancelAtPeriodEnd(tx, row.id, now);
    return row;
  });
}

async function clearScheduledChange(tx: Tx, id: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ pendingPlanId: null, pendingBillingCycle: null })
    .where(eq(subscriptions.id, id));
}

/**
 * Plan, price, features, end date and next billing date change together (product rules: plans and
 * limits). A move to a
 * cheaper plan after the trial is kept for the next renewal instead (`defersChange`).
 */
export async function changeSubscriptionPlan(
  deps: BillingDeps,
  viewer: Viewer,
  id: string,
  request: { planId: string; billingCycle: BillingCycle },
): Promise<SubscriptionRow> {
  const now = deps.clock();
  const before = await findSubscription(deps.db, viewer, id);
  if (before.providerSubscriptionId) await changeAtProvider(deps, before, request);
  return withTransaction(deps.db, async (tx) => {
    const current = await findSubscription(tx, viewer, id, true);
    const target = assertChangeable(current, request.planId);
    if (defersChange(current, target)) {
      const [scheduled] = await tx
        .update(subscriptions)
        .set({
          pendingPlanId: target.id,
          pendingBillingCycle: request.billingCycle,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, id))
        .returning();
      if (!scheduled) throw new AppError('SUBSCRIPTION_NOT_FOUND');
      return scheduled;
    }
    await clearScheduledChange(tx, id);
    const changed = changePlan(termsOf(current), target, request.billingCycle, now);
    const row = await save(tx, id, changed, now);
    // An upgrade brings back products the old limit hid; a change in the trial may hide some.
    await applyPlanLimit(tx, row.farmerId, now);
    // The charge queued for the old date finds the date moved and does nothing.
    if (row.nextBillingDate?.getTime() !== current.nextBillingDate?.getTime()) {
      await queueNextCharge(tx, row);
    }
    return row;
  });
}

function assertChangeable(row: SubscriptionRow, planId: string): Plan {
  if (row.status === 'cancelled') throw new AppError('SUBSCRIPTION_CANCELLED');
  const target = findPlan(planId);
  if (!target) throw new AppError('INVALID_PLAN');
  return target;
}

/**
 * The provider bills a plan it sold, so it is told first, outside any transaction: when it does not
 * take the change, Furrow's record stays as it was. Its webhooks then read the new plan back.
 */
async function changeAtProvider(
  deps: BillingDeps,
  row: SubscriptionRow,
  request: { planId: string; billingCycle: BillingCycle },
): Promise<void> {
  const target = assertChangeable(row, request.planId);
  if (!row.providerSubscriptionId) return;
  try {
    await deps.payments.changeSubscriptionPrice({
      subscriptionId: row.providerSubscriptionId,
      planId: target.id,
      planName: target.name,
      billingCycle: request.billingCycle,
      amountCents: cycleChargeCents(target, request.billingCycle),
      when: defersChange(row, target) ? 'period_end' : 'now',
    });
  } catch (error) {
    // The provider's own words go to the log with the answer, not to the farmer.
    throw Object.assign(new AppError('PLAN_CHANGE_UNAVAILABLE'), { cause: error });
  }
}

export async function updateMarketingPreferences(
  db: Db,
  viewer: Viewer,
  id: string,
  change: Partial<MarketingPreferences>,
  now: Date,
): Promise<SubscriptionRow> {
  return withTransaction(db, async (tx) => {
    const current = await findSubscription(tx, viewer, id, true);
    const [row] = await tx
      .update(subscriptions)
      .set({ marketingPreferences: { ...current.marketingPreferences, ...change }, updatedAt: now })
      .where(eq(subscriptions.id, id))
      .returning();
    if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    return row;
  });
}

/** The billing history, newest first, with the total spent, trials excluded (product rules: trial
 * and billing). */
export async function billingHistory(db: Db, viewer: Viewer, id: string) {
  const row = await findSubscription(db, viewer, id);
  const records = await db
    .select()
    .from(billingRecords)
    .where(eq(billingRecords.subscriptionId, id))
    .orderBy(desc(billingRecords.date));
  return { records, totalSpentCents: totalSpentCents([termsOf(row)]) };
}

/**
 * A farmer's last 30 days of views, orders and revenue. Analytics counts them; the server passes its
 * reader in, so that billing shows them without depending on analytics, which reads farms, whose
 * page lists products, whose limits come from plans.
 */
export type FarmerSales = (db: Executor, farmerId: string, now: Date) => Promise<AnalyticsTotals>;

/**
 * The usage a farmer sees against their plan's limits, read when asked: products and stored bytes
 * are counted where they change, so the stored stats never lag behind them. `analyticsUsage` is the
 * last 30 days of the farmer's farms (views, orders, revenue), as the billing page charts them.
 */
export async function withLiveUsage(
  db: Executor,
  row: SubscriptionRow,
  now: Date,
  farmerSales: FarmerSales,
): Promise<SubscriptionRow> {
  const [held] = await db
    .select({ n: count() })
    .from(products)
    .where(eq(products.farmerId, row.farmerId));
  const [farmer] = await db
    .select({ bytes: farmers.storageUsedBytes })
    .from(farmers)
    .where(eq(farmers.id, row.farmerId));
  const analytics = await farmerSales(db, row.farmerId, now);
  return {
    ...row,
    usageStats: {
      ...row.usageStats,
      totalProducts: held?.n ?? 0,
      storageUsed: farmer?.bytes ?? 0,
      lastUpdated: now.toISOString(),
      analyticsUsage: {
        views: analytics.views,
        conversions: analytics.conversions,
        revenue: centsToDollars(analytics.revenueCents),
      },
    },
  };
}
