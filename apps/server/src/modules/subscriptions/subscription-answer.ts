import type { SubscriptionAnswer } from '@furrow/domain/api/subscriptions';
import { centsToDollars } from '@furrow/domain/money';
import type { SubscriptionTerms } from '@furrow/domain/subscriptions';
import type { subscriptions } from './subscriptions.schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The row as the rules of packages/domain take it. */
export function termsOf(row: SubscriptionRow): SubscriptionTerms {
  return {
    planId: row.planId,
    planName: row.planName,
    status: row.status,
    billingCycle: row.billingCycle,
    priceCents: row.priceCents,
    features: row.features,
    startDate: row.startDate,
    endDate: row.endDate,
    trialEndsAt: row.trialEndsAt,
    nextBillingDate: row.nextBillingDate,
    autoRenew: row.autoRenew,
    cancelReason: row.cancelReason,
    upgradePath: row.upgradePath,
  };
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The subscription answer, every field; money in dollars, dates as ISO 8601. */
export function toSubscriptionAnswer(row: SubscriptionRow): SubscriptionAnswer {
  return {
    id: row.id,
    farmerId: row.farmerId,
    planId: row.planId,
    planName: row.planName,
    status: row.status,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    trialEndsAt: iso(row.trialEndsAt),
    nextBillingDate: iso(row.nextBillingDate),
    price: centsToDollars(row.priceCents),
    billingCycle: row.billingCycle,
    features: row.features,
    autoRenew: row.autoRenew,
    paymentMethod: row.paymentMethod,
    discountCode: row.discountCode,
    cancelReason: row.cancelReason,
    upgradePath: row.upgradePath,
    usageStats: row.usageStats,
    marketingPreferences: row.marketingPreferences,
    scheduledChange:
      row.pendingPlanId && row.pendingBillingCycle
        ? {
            planId: row.pendingPlanId,
            billingCycle: row.pendingBillingCycle,
            from: iso(row.nextBillingDate),
          }
        : null,
  };
}
