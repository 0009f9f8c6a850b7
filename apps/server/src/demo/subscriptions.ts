import { addDays, addMonths } from '@furrow/domain/dates';
import { type BillingCycle, getPlan, type PlanId, plans } from '@furrow/domain/plans';
import {
  cancel,
  cycleChargeCents,
  defaultMarketingPreferences,
  emptyUsageStats,
  markPastDue,
  newSubscription,
  recordPayment,
  type SubscriptionTerms,
} from '@furrow/domain/subscriptions';
import type { billingRecords, subscriptions } from '../modules/subscriptions/subscriptions.schema';

type SubscriptionValues = typeof subscriptions.$inferInsert;
type RecordValues = Omit<typeof billingRecords.$inferInsert, 'subscriptionId'>;

export type DemoPlanState = 'active' | 'trial' | 'past_due' | 'cancelled';

// The plan state and cycle each demo farm's farmer shows, so that every billing screen and the
// admin's plan column and MRR have real content; the rest are active and monthly. The past-due and
// cancelled farms take no orders, so they are ones no journey shops at.
const demoPlans: Record<string, { state?: DemoPlanState; cycle?: BillingCycle }> = {
  'hood-river-orchards': { state: 'trial' },
  'pflugerville-flower-field': { state: 'past_due' },
  'round-rock-honey-co': { state: 'cancelled' },
  'columbia-gorge-ranch': { cycle: 'annual' },
  'san-marcos-river-farm': { cycle: 'annual' },
};

/** The smallest plan that holds a farm's catalogue with room to grow; the demo farmer's is Professional. */
function planFor(index: number, productCount: number): PlanId {
  if (index === 0) return 'pro';
  return (plans.find((plan) => plan.maxProducts >= productCount + 5) ?? getPlan('pro')).id;
}

/**
 * A demo farmer's subscription and its billing history, made by the same rules as real ones: a
 * trial started in the past, then each charge due before `now` paid (or, past due, the last one
 * declined).
 */
export function demoSubscription(
  farm: { index: number; slug: string },
  farmerId: string,
  productCount: number,
  now: Date,
): { subscription: SubscriptionValues; records: RecordValues[] } {
  const { index } = farm;
  const { state = 'active', cycle = 'monthly' } = demoPlans[farm.slug] ?? {};
  const planId = planFor(index, productCount);
  const plan = getPlan(planId);
  const start = state === 'trial' ? addDays(now, -3) : addMonths(now, index === 0 ? -7 : -3);
  let terms: SubscriptionTerms = newSubscription(plan, cycle, start);
  const records: RecordValues[] = [];
  const amountCents = cycleChargeCents(plan, cycle);
  while (terms.nextBillingDate && terms.nextBillingDate <= now) {
    const due = terms.nextBillingDate;
    const declined = state === 'past_due' && addMonths(due, 1) > now;
    records.push({
      date: due,
      amountCents,
      description: `Furrow ${plan.name}, one ${cycle === 'annual' ? 'year' : 'month'}${declined ? ': Your card was declined.' : ''}`,
      status: declined ? 'failed' : 'paid',
      invoiceUrl: null,
      reference: `demo:${farmerId}:${due.toISOString()}`,
    });
    if (declined) {
      terms = markPastDue(terms);
      break;
    }
    terms = recordPayment(terms, due);
  }
  if (state === 'cancelled') terms = cancel(terms, 'Taking the winter off; back in the spring.');
  return {
    subscription: {
      ...terms,
      farmerId,
      paymentMethod: 'card',
      usageStats: { ...emptyUsageStats(now), totalProducts: productCount },
      marketingPreferences: defaultMarketingPreferences,
    },
    records: records.reverse(),
  };
}
