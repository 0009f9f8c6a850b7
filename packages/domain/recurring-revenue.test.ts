import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getPlan, planIds } from './plans';
import { type SubscriptionGroup, summariseSubscriptions } from './recurring-revenue';
import { storedPriceCents, subscriptionStatuses } from './subscriptions';

const group = fc.record({
  planId: fc.constantFrom(...planIds),
  status: fc.constantFrom(...subscriptionStatuses),
  count: fc.integer({ min: 0, max: 50 }),
  priceCents: fc.integer({ min: 0, max: 100_000 }),
});

describe('summariseSubscriptions', () => {
  it('counts an annual plan at its annual price / 12 and a monthly one at its monthly price', () => {
    const pro = getPlan('pro');
    const basic = getPlan('basic');
    const summary = summariseSubscriptions([
      { planId: 'pro', status: 'active', count: 1, priceCents: storedPriceCents(pro, 'annual') },
      { planId: 'basic', status: 'active', count: 2, priceCents: 2 * basic.monthlyPriceCents },
      { planId: 'basic', status: 'trial', count: 1, priceCents: basic.monthlyPriceCents },
      { planId: 'starter', status: 'past_due', count: 1, priceCents: 599 },
      { planId: 'starter', status: 'cancelled', count: 4, priceCents: 4 * 599 },
    ]);
    expect(summary.mrrCents).toBe(1208 + 2 * 999);
    expect(summary.trialMrrCents).toBe(999);
    expect(summary.byPlan).toEqual([
      { planId: 'starter', planName: 'Starter', active: 0, trial: 0, pastDue: 1, mrrCents: 0 },
      { planId: 'basic', planName: 'Basic', active: 2, trial: 1, pastDue: 0, mrrCents: 1998 },
      { planId: 'pro', planName: 'Professional', active: 1, trial: 0, pastDue: 0, mrrCents: 1208 },
    ]);
  });

  it('lists every plan, with nothing subscribed', () => {
    const summary = summariseSubscriptions([]);
    expect(summary.byPlan.map((plan) => plan.planId)).toEqual([...planIds]);
    expect(summary).toMatchObject({ mrrCents: 0, trialMrrCents: 0 });
  });

  it('takes MRR from active subscriptions alone, in any order of the groups', () => {
    fc.assert(
      fc.property(fc.array(group, { maxLength: 20 }), (groups: SubscriptionGroup[]) => {
        const summary = summariseSubscriptions(groups);
        const paying = groups.filter((g) => g.status === 'active');
        expect(summary.mrrCents).toBe(paying.reduce((total, g) => total + g.priceCents, 0));
        expect(summariseSubscriptions([...groups].reverse())).toEqual(summary);
        const countedActive = summary.byPlan.reduce((total, plan) => total + plan.active, 0);
        expect(countedActive).toBe(paying.reduce((total, g) => total + g.count, 0));
      }),
    );
  });
});
