import { getPlan, type PlanId, planIds } from './plans';
import type { SubscriptionStatus } from './subscriptions';

/**
 * The admin's subscription figures. Monthly recurring revenue (MRR) counts the subscriptions that
 * are paying now (`active`), each at the monthly price it stores: the monthly price, or the annual
 * price divided by 12. Trials pay nothing yet, so they are left out of MRR and counted
 * apart, with what they would add if they all became paid (`trialMrrCents`). Past-due plans are
 * not being paid either: counted, never in MRR. Cancelled ones are not counted at all.
 */

/** Subscriptions of one plan in one status, with the sum of their stored monthly prices. */
export interface SubscriptionGroup {
  planId: PlanId;
  status: SubscriptionStatus;
  count: number;
  priceCents: number;
}

export interface PlanSubscriptions {
  planId: PlanId;
  planName: string;
  active: number;
  trial: number;
  pastDue: number;
  /** What this plan's active subscriptions bring each month. */
  mrrCents: number;
}

export interface SubscriptionSummary {
  /** Every plan of the catalogue, in its order, the ones nobody is on too. */
  byPlan: PlanSubscriptions[];
  mrrCents: number;
  trialMrrCents: number;
}

export function summariseSubscriptions(groups: readonly SubscriptionGroup[]): SubscriptionSummary {
  const sum = (planId: PlanId, status: SubscriptionStatus, field: 'count' | 'priceCents') =>
    groups
      .filter((group) => group.planId === planId && group.status === status)
      .reduce((total, group) => total + group[field], 0);
  const byPlan = planIds.map((planId) => ({
    planId,
    planName: getPlan(planId).name,
    active: sum(planId, 'active', 'count'),
    trial: sum(planId, 'trial', 'count'),
    pastDue: sum(planId, 'past_due', 'count'),
    mrrCents: sum(planId, 'active', 'priceCents'),
  }));
  return {
    byPlan,
    mrrCents: byPlan.reduce((total, plan) => total + plan.mrrCents, 0),
    trialMrrCents: planIds.reduce((total, planId) => total + sum(planId, 'trial', 'priceCents'), 0),
  };
}
