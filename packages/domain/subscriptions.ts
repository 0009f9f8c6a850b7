/**
 * A farmer's subscription: trial and billing date math and its status rules (product rules: trial
 * and billing). No clock: every function that needs "now" takes it.
 */

import { addDays, addMonths, DAY_MS } from './dates';
import { AppError } from './errors';
import {
  type BillingCycle,
  billingCycleMonths,
  billingCycles,
  findPlan,
  getPlan,
  type Plan,
  type PlanId,
  TRIAL_DAYS,
  upgradePathFor,
} from './plans';

/** `past_due` is Furrow's own: a payment failed, and the farm stays visible but read-only. */
export const subscriptionStatuses = ['trial', 'active', 'cancelled', 'past_due'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

const subscriptionTransitions: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  trial: ['active', 'past_due', 'cancelled'],
  active: ['past_due', 'cancelled'],
  past_due: ['active', 'cancelled'],
  // Coming back after cancelling is a new subscription, so the old record's history stays intact.
  cancelled: [],
};

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === 'string' && (subscriptionStatuses as readonly string[]).includes(value);
}

export function canTransition(from: SubscriptionStatus, to: SubscriptionStatus): boolean {
  return subscriptionTransitions[from].includes(to);
}

/** The current subscription is the one in trial or active. */
export function isCurrent(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'trial';
}

export function currentSubscription<T extends { status: SubscriptionStatus }>(
  subscriptions: readonly T[],
): T | undefined {
  return subscriptions.find((subscription) => isCurrent(subscription.status));
}

/** The trial ends `trialDays` days after the start. */
export function trialEndsAt(start: Date, trialDays: number = TRIAL_DAYS): Date {
  return addDays(start, trialDays);
}

/** The first charge falls one day after the trial ends. */
export function nextBillingAfterTrial(trialEnd: Date): Date {
  return addDays(trialEnd, 1);
}

/**
 * Monthly = 1 calendar month, annual = 12. Pass `cycles` to count from a fixed anchor:
 * chaining single steps from Jan 31 would drift to the 28th for good after February.
 */
export function addBillingCycle(date: Date, cycle: BillingCycle, cycles = 1): Date {
  return addMonths(date, billingCycleMonths[cycle] * cycles);
}

/**
 * The monthly price a subscription stores (the annual price divided by 12), in cents. Storing a
 * per-month figure for both cycles is what lets months times price give the amount spent.
 */
export function storedPriceCents(
  plan: Pick<Plan, 'monthlyPriceCents' | 'annualPriceCents'>,
  cycle: BillingCycle,
): number {
  return cycle === 'annual' ? Math.round(plan.annualPriceCents / 12) : plan.monthlyPriceCents;
}

const THIRTY_DAYS_MS = 30 * DAY_MS;

/**
 * Months are the duration divided by 30 days. Rounded to whole months because calendar
 * months run 28 to 31 days: a 31-day January is one month billed, not 1.03 of one.
 */
export function subscriptionMonths(start: Date, end: Date): number {
  return Math.max(0, Math.round((end.getTime() - start.getTime()) / THIRTY_DAYS_MS));
}

/**
 * The part of a subscription its rules compute. The server's record adds id, farmerId,
 * paymentMethod, discountCode and the rest; the functions below keep such extra fields.
 *
 * `endDate` is the end of the period already granted: the trial's end during the trial, then the
 * end of the paid cycle. A cancelled subscription keeps it, since the farmer has paid up to it.
 */
export interface SubscriptionTerms {
  planId: PlanId;
  planName: string;
  status: SubscriptionStatus;
  billingCycle: BillingCycle;
  /** Per month, whatever the cycle (see `storedPriceCents`). */
  priceCents: number;
  features: string[];
  startDate: Date;
  endDate: Date;
  trialEndsAt: Date | null;
  /** Null once nothing more will be charged. */
  nextBillingDate: Date | null;
  autoRenew: boolean;
  cancelReason: string | null;
  upgradePath: PlanId[];
}

export type SpendRecord = Pick<
  SubscriptionTerms,
  'status' | 'priceCents' | 'startDate' | 'endDate' | 'trialEndsAt'
>;

/** Whole months paid for: from the first charge after any trial up to `endDate`. */
export function paidMonths(record: SpendRecord): number {
  if (record.status === 'trial') return 0;
  const firstCharge =
    record.trialEndsAt === null ? record.startDate : nextBillingAfterTrial(record.trialEndsAt);
  return subscriptionMonths(firstCharge, record.endDate);
}

/** Paid months times the stored monthly price; trials are excluded. */
export function totalSpentCents(records: readonly SpendRecord[]): number {
  return records.reduce((sum, record) => sum + paidMonths(record) * record.priceCents, 0);
}

function resolvePlan(plan: Plan | string): Plan {
  const found = typeof plan === 'string' ? findPlan(plan) : plan;
  if (found === undefined) throw new AppError('INVALID_PLAN');
  return found;
}

function assertCycle(cycle: string): asserts cycle is BillingCycle {
  if (!(billingCycles as readonly string[]).includes(cycle)) {
    throw new AppError('VALIDATION', 'Billing cycle must be monthly or annual', [
      { field: 'billingCycle', message: 'must be monthly or annual' },
    ]);
  }
}

function planTerms(plan: Plan, cycle: BillingCycle) {
  return {
    planId: plan.id,
    planName: plan.name,
    billingCycle: cycle,
    priceCents: storedPriceCents(plan, cycle),
    features: [...plan.features],
    upgradePath: upgradePathFor(plan.id),
  };
}

/**
 * A new subscription starts in trial with autoRenew on. A plan given by id must exist,
 * otherwise 'Invalid plan selected'.
 */
export function newSubscription(
  plan: Plan | string,
  cycle: BillingCycle,
  now: Date,
): SubscriptionTerms {
  const chosen = resolvePlan(plan);
  assertCycle(cycle);
  const trialEnd = trialEndsAt(now, chosen.trialDays);
  return {
    ...planTerms(chosen, cycle),
    status: 'trial',
    startDate: new Date(now.getTime()),
    endDate: trialEnd,
    trialEndsAt: trialEnd,
    nextBillingDate: nextBillingAfterTrial(trialEnd),
    autoRenew: true,
    cancelReason: null,
  };
}

/**
 * Cancelling: status cancelled, autoRenew off, reason kept. Nothing more is billed, so
 * nextBillingDate goes; endDate stays because access runs to the end of what was paid. Cancelling
 * twice changes nothing, so a repeated provider webhook is harmless.
 */
export function cancel<T extends SubscriptionTerms>(subscription: T, reason?: string | null): T {
  if (subscription.status === 'cancelled') return subscription;
  return {
    ...subscription,
    status: 'cancelled',
    autoRenew: false,
    nextBillingDate: null,
    cancelReason: reason?.trim() || null,
  };
}

/**
 * A plan change updates plan, price, features, end date and next billing date. During the
 * trial the trial simply continues on the new plan. After it, a fresh cycle starts `now` at the new
 * price; the payment provider credits the unused part of the old one.
 */
export function changePlan<T extends SubscriptionTerms>(
  subscription: T,
  plan: Plan | string,
  cycle: BillingCycle,
  now: Date,
): T {
  const chosen = resolvePlan(plan);
  assertCycle(cycle);
  if (subscription.status === 'cancelled') {
    throw new AppError(
      'VALIDATION',
      'This subscription is cancelled. Choose a plan to start a new subscription.',
    );
  }
  if (subscription.planId === chosen.id && subscription.billingCycle === cycle) return subscription;
  const terms = planTerms(chosen, cycle);
  if (subscription.status === 'trial' && subscription.trialEndsAt !== null) {
    return {
      ...subscription,
      ...terms,
      endDate: subscription.trialEndsAt,
      nextBillingDate: nextBillingAfterTrial(subscription.trialEndsAt),
    };
  }
  const endDate = addBillingCycle(now, cycle);
  return {
    ...subscription,
    ...terms,
    endDate,
    nextBillingDate: subscription.autoRenew ? endDate : null,
  };
}

/**
 * A successful charge makes the subscription active. The paid cycle
 * starts on the due date, not the payment date, so paying a past-due bill late does not shift
 * every later bill.
 */
export function recordPayment<T extends SubscriptionTerms>(subscription: T, paidAt: Date): T {
  if (subscription.status !== 'active' && !canTransition(subscription.status, 'active')) {
    throw new AppError('VALIDATION', 'A cancelled subscription cannot be charged');
  }
  const cycleStart = subscription.nextBillingDate ?? paidAt;
  const endDate = addBillingCycle(cycleStart, subscription.billingCycle);
  return {
    ...subscription,
    status: 'active',
    endDate,
    nextBillingDate: subscription.autoRenew ? endDate : null,
  };
}

/** A failed charge: the farm turns read-only until the bill is paid or the plan cancelled. */
export function markPastDue<T extends SubscriptionTerms>(subscription: T): T {
  if (subscription.status === 'past_due') return subscription;
  if (!canTransition(subscription.status, 'past_due')) {
    throw new AppError('VALIDATION', 'A cancelled subscription cannot fall past due');
  }
  return { ...subscription, status: 'past_due' };
}

/** A subscription's usageStats, every field. Counters start at zero with the subscription. */
export interface UsageStats {
  totalProducts: number;
  /** Bytes of stored images. */
  storageUsed: number;
  /** Authenticated API calls this calendar month. */
  apiCalls: number;
  lastUpdated: string;
  marketingEmails: number;
  customDomainUsage: number;
  analyticsUsage: { views: number; conversions: number; revenue: number };
}

export function emptyUsageStats(now: Date): UsageStats {
  return {
    totalProducts: 0,
    storageUsed: 0,
    apiCalls: 0,
    lastUpdated: now.toISOString(),
    marketingEmails: 0,
    customDomainUsage: 0,
    analyticsUsage: { views: 0, conversions: 0, revenue: 0 },
  };
}

/**
 * A subscription's marketingPreferences. Promotions are opt-in: nobody is sent offers they did not
 * ask for.
 */
export interface MarketingPreferences {
  emailNotifications: boolean;
  smsNotifications: boolean;
  promotionalEmails: boolean;
  marketingInsights: boolean;
}

export const defaultMarketingPreferences: MarketingPreferences = {
  emailNotifications: true,
  smsNotifications: false,
  promotionalEmails: false,
  marketingInsights: false,
};

/**
 * The card provider's subscription statuses onto ours. Statuses before a first payment
 * (`incomplete`, `incomplete_expired`) and `paused` grant nothing yet, so they map to null and the
 * subscription is left as it is.
 */
const providerStatuses: Record<string, SubscriptionStatus> = {
  trialing: 'trial',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  canceled: 'cancelled',
};

export function statusFromProvider(status: string): SubscriptionStatus | null {
  return providerStatuses[status] ?? null;
}

/**
 * Whether a subscription lets its farmer publish products and take orders (product rules: plans and
 * limits).
 */
export function allowsSelling(status: SubscriptionStatus | undefined): boolean {
  return status !== undefined && isCurrent(status);
}

/** What one charge of a cycle costs: the plan's monthly or annual price. */
export function cycleChargeCents(
  plan: Pick<Plan, 'monthlyPriceCents' | 'annualPriceCents'>,
  cycle: BillingCycle,
): number {
  return cycle === 'annual' ? plan.annualPriceCents : plan.monthlyPriceCents;
}

/**
 * An upgrade applies at once; a move to a cheaper plan after the trial waits for the end of the
 * period already paid for, so the farmer keeps what they paid for until then.
 */
export function defersChange(
  subscription: Pick<SubscriptionTerms, 'status' | 'planId'>,
  plan: Plan | string,
): boolean {
  const chosen = resolvePlan(plan);
  return (
    subscription.status !== 'trial' &&
    chosen.monthlyPriceCents < getPlan(subscription.planId).monthlyPriceCents
  );
}

/**
 * A deferred change taking effect at the renewal: the new plan's terms, the dates untouched, so
 * that `recordPayment` then starts the new plan's cycle on the due date.
 */
export function applyScheduledChange<T extends SubscriptionTerms>(
  subscription: T,
  plan: Plan | string,
  cycle: BillingCycle,
): T {
  const chosen = resolvePlan(plan);
  assertCycle(cycle);
  return { ...subscription, ...planTerms(chosen, cycle) };
}
