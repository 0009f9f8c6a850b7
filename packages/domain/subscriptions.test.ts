import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { getPlan } from './plans';
import {
  addBillingCycle,
  cancel,
  canTransition,
  changePlan,
  currentSubscription,
  isCurrent,
  isSubscriptionStatus,
  markPastDue,
  newSubscription,
  nextBillingAfterTrial,
  paidMonths,
  recordPayment,
  type SubscriptionStatus,
  type SubscriptionTerms,
  storedPriceCents,
  subscriptionMonths,
  subscriptionStatuses,
  totalSpentCents,
  trialEndsAt,
} from './subscriptions';

const now = new Date('2026-11-21T00:00:00Z');
const d = (iso: string) => new Date(iso);

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('trial and billing dates (product rules: trial and billing)', () => {
  it('ends the trial 14 days after the start', () => {
    expect(trialEndsAt(now)).toEqual(d('2026-12-05T00:00:00Z'));
    expect(trialEndsAt(d('2026-11-21T15:30:00Z'))).toEqual(d('2026-12-05T15:30:00Z'));
    expect(trialEndsAt(now, 7)).toEqual(d('2026-11-28T00:00:00Z'));
  });

  it('bills one day after the trial ends', () => {
    expect(nextBillingAfterTrial(d('2026-12-05T00:00:00Z'))).toEqual(d('2026-12-06T00:00:00Z'));
    expect(nextBillingAfterTrial(trialEndsAt(d('2027-02-20T00:00:00Z')))).toEqual(
      d('2027-03-07T00:00:00Z'),
    );
  });

  it('adds one calendar month for a monthly cycle', () => {
    expect(addBillingCycle(d('2026-12-06T00:00:00Z'), 'monthly')).toEqual(
      d('2027-01-06T00:00:00Z'),
    );
    expect(addBillingCycle(d('2026-12-31T09:00:00Z'), 'monthly')).toEqual(
      d('2027-01-31T09:00:00Z'),
    );
  });

  it('ends a month-end cycle on the last day of a shorter month', () => {
    expect(addBillingCycle(d('2027-01-31T00:00:00Z'), 'monthly')).toEqual(
      d('2027-02-28T00:00:00Z'),
    );
    expect(addBillingCycle(d('2028-01-31T00:00:00Z'), 'monthly')).toEqual(
      d('2028-02-29T00:00:00Z'),
    );
    expect(addBillingCycle(d('2027-03-31T00:00:00Z'), 'monthly')).toEqual(
      d('2027-04-30T00:00:00Z'),
    );
  });

  it('adds twelve months for an annual cycle', () => {
    expect(addBillingCycle(now, 'annual')).toEqual(d('2027-11-21T00:00:00Z'));
    expect(addBillingCycle(d('2028-02-29T00:00:00Z'), 'annual')).toEqual(d('2029-02-28T00:00:00Z'));
  });

  it('counts several cycles from one anchor without drifting', () => {
    const anchor = d('2027-01-31T00:00:00Z');
    expect(addBillingCycle(anchor, 'monthly', 2)).toEqual(d('2027-03-31T00:00:00Z'));
    expect(addBillingCycle(anchor, 'annual', 2)).toEqual(d('2029-01-31T00:00:00Z'));
  });
});

describe('storedPriceCents: the annual price stored per month', () => {
  it('stores the monthly price for a monthly cycle', () => {
    expect(storedPriceCents(getPlan('starter'), 'monthly')).toBe(599);
    expect(storedPriceCents(getPlan('basic'), 'monthly')).toBe(999);
    expect(storedPriceCents(getPlan('pro'), 'monthly')).toBe(1499);
  });

  it('stores the annual price divided by 12, rounded to the cent', () => {
    expect(storedPriceCents(getPlan('starter'), 'annual')).toBe(375);
    expect(storedPriceCents(getPlan('basic'), 'annual')).toBe(750);
    expect(storedPriceCents(getPlan('pro'), 'annual')).toBe(1208);
  });
});

describe('subscriptionMonths: duration / 30 days', () => {
  it('divides the duration by 30 days', () => {
    expect(subscriptionMonths(now, d('2026-12-21T00:00:00Z'))).toBe(1);
    expect(subscriptionMonths(now, d('2027-05-20T00:00:00Z'))).toBe(6);
    expect(subscriptionMonths(now, addBillingCycle(now, 'annual'))).toBe(12);
  });

  it('rounds to whole months so 28- and 31-day months count as one', () => {
    expect(subscriptionMonths(d('2027-02-01T00:00:00Z'), d('2027-03-01T00:00:00Z'))).toBe(1);
    expect(subscriptionMonths(d('2027-01-01T00:00:00Z'), d('2027-02-01T00:00:00Z'))).toBe(1);
    expect(subscriptionMonths(now, d('2026-12-05T23:59:59Z'))).toBe(0);
  });

  it('counts in units of exactly 30 days', () => {
    const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
    expect(subscriptionMonths(now, days(600))).toBe(20);
    expect(subscriptionMonths(now, days(900))).toBe(30);
    expect(subscriptionMonths(now, days(44))).toBe(1);
    expect(subscriptionMonths(now, days(45))).toBe(2);
  });

  it('is never negative', () => {
    expect(subscriptionMonths(now, d('2026-01-01T00:00:00Z'))).toBe(0);
    expect(subscriptionMonths(now, now)).toBe(0);
  });
});

describe('status rules', () => {
  it('has the four statuses', () => {
    expect(subscriptionStatuses).toEqual(['trial', 'active', 'cancelled', 'past_due']);
    expect(isSubscriptionStatus('trial')).toBe(true);
    expect(isSubscriptionStatus('expired')).toBe(false);
  });

  it('allows exactly the transitions of the table', () => {
    const allowed = subscriptionStatuses.flatMap((from) =>
      subscriptionStatuses.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'trial->active',
        'trial->past_due',
        'trial->cancelled',
        'active->past_due',
        'active->cancelled',
        'past_due->active',
        'past_due->cancelled',
      ].sort(),
    );
  });

  it('counts active and trial as current, nothing else', () => {
    const current = subscriptionStatuses.filter(isCurrent);
    expect(current.sort()).toEqual(['active', 'trial']);
  });

  it('picks the current subscription', () => {
    const list: { id: string; status: SubscriptionStatus }[] = [
      { id: 'a', status: 'cancelled' },
      { id: 'b', status: 'past_due' },
      { id: 'c', status: 'active' },
    ];
    expect(currentSubscription(list)?.id).toBe('c');
    expect(currentSubscription(list.slice(0, 2))).toBeUndefined();
  });
});

describe('newSubscription', () => {
  it('starts in trial with autoRenew on, the trial end and the first bill', () => {
    const subscription = newSubscription(getPlan('basic'), 'monthly', now);
    expect(subscription).toEqual({
      planId: 'basic',
      planName: 'Basic',
      status: 'trial',
      billingCycle: 'monthly',
      priceCents: 999,
      features: [...getPlan('basic').features],
      startDate: d('2026-11-21T00:00:00Z'),
      endDate: d('2026-12-05T00:00:00Z'),
      trialEndsAt: d('2026-12-05T00:00:00Z'),
      nextBillingDate: d('2026-12-06T00:00:00Z'),
      autoRenew: true,
      cancelReason: null,
      upgradePath: ['pro'],
    });
  });

  it('accepts a plan id and stores the annual price per month', () => {
    const subscription = newSubscription('pro', 'annual', now);
    expect(subscription.planName).toBe('Professional');
    expect(subscription.priceCents).toBe(1208);
    expect(subscription.upgradePath).toEqual([]);
  });

  it('does not share the date it was given or the plan feature list', () => {
    const given = new Date(now.getTime());
    const subscription = newSubscription('starter', 'monthly', given);
    given.setUTCFullYear(2000);
    expect(subscription.startDate).toEqual(now);
    subscription.features.push('extra');
    expect(getPlan('starter').features).not.toContain('extra');
  });

  it("refuses an unknown plan with 'Invalid plan selected'", () => {
    const error = thrownBy(() => newSubscription('enterprise', 'monthly', now));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INVALID_PLAN');
    expect((error as AppError).message).toBe('Invalid plan selected');
  });

  it('refuses an unknown billing cycle', () => {
    const error = thrownBy(() => newSubscription('basic', 'weekly' as 'monthly', now));
    expect((error as AppError).code).toBe('VALIDATION');
  });
});

describe('cancel', () => {
  it('sets cancelled, turns autoRenew off and keeps the reason', () => {
    const subscription = { ...newSubscription('basic', 'monthly', now), id: 'sub-1' };
    const cancelled = cancel(subscription, '  Closing for the winter ');
    expect(cancelled.id).toBe('sub-1');
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.autoRenew).toBe(false);
    expect(cancelled.cancelReason).toBe('Closing for the winter');
    expect(cancelled.nextBillingDate).toBeNull();
    expect(cancelled.endDate).toEqual(subscription.endDate);
    expect(subscription.status).toBe('trial');
  });

  it('stores no reason when none is given', () => {
    const subscription = newSubscription('basic', 'monthly', now);
    expect(cancel(subscription).cancelReason).toBeNull();
    expect(cancel(subscription, '   ').cancelReason).toBeNull();
  });

  it('changes nothing when already cancelled', () => {
    const cancelled = cancel(newSubscription('basic', 'monthly', now), 'first');
    expect(cancel(cancelled, 'second')).toBe(cancelled);
  });
});

describe('recordPayment and markPastDue', () => {
  it('activates a trial at its first charge and covers one cycle from the due date', () => {
    const trial = newSubscription('basic', 'monthly', now);
    const active = recordPayment(trial, d('2026-12-06T08:00:00Z'));
    expect(active.status).toBe('active');
    expect(active.endDate).toEqual(d('2027-01-06T00:00:00Z'));
    expect(active.nextBillingDate).toEqual(d('2027-01-06T00:00:00Z'));
    const renewed = recordPayment(active, d('2027-01-06T08:00:00Z'));
    expect(renewed.endDate).toEqual(d('2027-02-06T00:00:00Z'));
  });

  it('covers twelve months for an annual plan', () => {
    const active = recordPayment(newSubscription('pro', 'annual', now), d('2026-12-06T00:00:00Z'));
    expect(active.endDate).toEqual(d('2027-12-06T00:00:00Z'));
  });

  it('keeps the billing dates when a past-due bill is paid late', () => {
    const pastDue = markPastDue(newSubscription('basic', 'monthly', now));
    expect(pastDue.status).toBe('past_due');
    const paid = recordPayment(pastDue, d('2026-12-15T00:00:00Z'));
    expect(paid.status).toBe('active');
    expect(paid.nextBillingDate).toEqual(d('2027-01-06T00:00:00Z'));
  });

  it('refuses to charge or mark past due a cancelled subscription', () => {
    const cancelled = cancel(newSubscription('basic', 'monthly', now));
    expect(thrownBy(() => recordPayment(cancelled, now))).toBeInstanceOf(AppError);
    expect(thrownBy(() => markPastDue(cancelled))).toBeInstanceOf(AppError);
  });
});

describe('changePlan', () => {
  it('moves a trial to the new plan and keeps the trial dates', () => {
    const trial = { ...newSubscription('starter', 'monthly', now), id: 'sub-1' };
    const changed = changePlan(trial, 'pro', 'annual', d('2026-11-25T00:00:00Z'));
    expect(changed).toEqual({
      ...trial,
      planId: 'pro',
      planName: 'Professional',
      billingCycle: 'annual',
      priceCents: 1208,
      features: [...getPlan('pro').features],
      upgradePath: [],
      endDate: d('2026-12-05T00:00:00Z'),
      nextBillingDate: d('2026-12-06T00:00:00Z'),
    });
  });

  it('starts a fresh cycle at the new price for an active subscription', () => {
    const active = recordPayment(
      newSubscription('starter', 'monthly', now),
      d('2026-12-06T00:00:00Z'),
    );
    const changed = changePlan(active, getPlan('basic'), 'monthly', d('2026-12-20T00:00:00Z'));
    expect(changed.planId).toBe('basic');
    expect(changed.planName).toBe('Basic');
    expect(changed.priceCents).toBe(999);
    expect(changed.features).toEqual([...getPlan('basic').features]);
    expect(changed.upgradePath).toEqual(['pro']);
    expect(changed.endDate).toEqual(d('2027-01-20T00:00:00Z'));
    expect(changed.nextBillingDate).toEqual(d('2027-01-20T00:00:00Z'));
    expect(changed.status).toBe('active');
    expect(changed.startDate).toEqual(now);
  });

  it('switches an active monthly plan to annual billing', () => {
    const active = recordPayment(newSubscription('basic', 'monthly', now), now);
    const changed = changePlan(active, 'basic', 'annual', d('2027-01-10T00:00:00Z'));
    expect(changed.priceCents).toBe(750);
    expect(changed.endDate).toEqual(d('2028-01-10T00:00:00Z'));
  });

  it('returns the same subscription when nothing changes', () => {
    const trial = newSubscription('basic', 'monthly', now);
    expect(changePlan(trial, 'basic', 'monthly', now)).toBe(trial);
  });

  it('refuses an unknown plan and a cancelled subscription', () => {
    const trial = newSubscription('basic', 'monthly', now);
    expect((thrownBy(() => changePlan(trial, 'gold', 'monthly', now)) as AppError).code).toBe(
      'INVALID_PLAN',
    );
    expect(
      (thrownBy(() => changePlan(cancel(trial), 'pro', 'monthly', now)) as AppError).code,
    ).toBe('VALIDATION');
  });
});

describe('totalSpentCents: trials excluded', () => {
  function record(overrides: Partial<SubscriptionTerms>): SubscriptionTerms {
    return { ...newSubscription('basic', 'monthly', now), ...overrides };
  }

  it('counts nothing for a subscription still in trial', () => {
    const trial = newSubscription('pro', 'monthly', now);
    expect(paidMonths(trial)).toBe(0);
    expect(totalSpentCents([trial])).toBe(0);
    expect(totalSpentCents([{ ...trial, endDate: d('2027-11-21T00:00:00Z') }])).toBe(0);
  });

  it('counts nothing for a subscription cancelled during its trial', () => {
    expect(totalSpentCents([cancel(newSubscription('basic', 'monthly', now))])).toBe(0);
  });

  it('counts the months paid after the trial times the stored price', () => {
    let subscription = newSubscription('basic', 'monthly', now);
    for (let i = 0; i < 3; i += 1) subscription = recordPayment(subscription, now);
    expect(subscription.endDate).toEqual(d('2027-03-06T00:00:00Z'));
    expect(paidMonths(subscription)).toBe(3);
    expect(totalSpentCents([subscription])).toBe(3 * 999);
    expect(totalSpentCents([cancel(subscription, 'moving')])).toBe(3 * 999);
  });

  it('counts a year of an annual plan as twelve stored monthly prices', () => {
    const annual = recordPayment(newSubscription('starter', 'annual', now), now);
    expect(totalSpentCents([annual])).toBe(12 * 375);
    expect(totalSpentCents([annual])).toBe(getPlan('starter').annualPriceCents);
  });

  it('counts from the start when there was no trial', () => {
    const noTrial = record({
      status: 'active',
      trialEndsAt: null,
      startDate: d('2026-01-01T00:00:00Z'),
      endDate: d('2026-07-01T00:00:00Z'),
    });
    expect(totalSpentCents([noTrial])).toBe(6 * 999);
  });

  it('sums several subscriptions, skipping the trial ones', () => {
    const paid = record({
      status: 'cancelled',
      trialEndsAt: null,
      priceCents: 599,
      startDate: d('2025-01-01T00:00:00Z'),
      endDate: d('2025-03-02T00:00:00Z'),
    });
    const trial = record({ status: 'trial' });
    expect(totalSpentCents([paid, trial])).toBe(2 * 599);
    expect(totalSpentCents([])).toBe(0);
  });
});
