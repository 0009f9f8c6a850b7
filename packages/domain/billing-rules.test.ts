import { describe, expect, it } from 'vitest';
import { getPlan, nextPlanUp, productLimitMessage, storageLimitMessage } from './plans';
import {
  allowsSelling,
  applyScheduledChange,
  cycleChargeCents,
  defaultMarketingPreferences,
  defersChange,
  emptyUsageStats,
  newSubscription,
  recordPayment,
  statusFromProvider,
} from './subscriptions';

const d = (iso: string) => new Date(iso);

describe('dates across a leap day', () => {
  it('counts Feb 29 among the trial days and bills the day after the trial', () => {
    const started = newSubscription('basic', 'monthly', d('2028-02-20T12:00:00Z'));
    expect(started.trialEndsAt).toEqual(d('2028-03-05T12:00:00Z'));
    expect(started.nextBillingDate).toEqual(d('2028-03-06T12:00:00Z'));
  });

  it('runs an annual cycle paid on Feb 29 to Feb 28 of the next year', () => {
    const trial = newSubscription('pro', 'annual', d('2028-02-14T00:00:00Z'));
    const due = { ...trial, nextBillingDate: d('2028-02-29T00:00:00Z') };
    expect(recordPayment(due, d('2028-02-29T00:00:00Z')).endDate).toEqual(
      d('2029-02-28T00:00:00Z'),
    );
  });

  it('renews a monthly plan first paid on Jan 31 on the last day of February', () => {
    const due = { ...newSubscription('starter', 'monthly', d('2027-01-16T00:00:00Z')) };
    expect(due.nextBillingDate).toEqual(d('2027-01-31T00:00:00Z'));
    const paid = recordPayment(due, d('2027-01-31T00:00:00Z'));
    expect(paid).toMatchObject({ status: 'active', nextBillingDate: d('2027-02-28T00:00:00Z') });
  });
});

describe('cycleChargeCents', () => {
  it('charges the monthly price monthly and the annual price yearly', () => {
    expect(cycleChargeCents(getPlan('starter'), 'monthly')).toBe(599);
    expect(cycleChargeCents(getPlan('basic'), 'annual')).toBe(9000);
  });
});

describe('statusFromProvider', () => {
  it('maps the provider statuses onto ours, and leaves the others alone', () => {
    expect(
      ['trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete', 'paused'].map(
        statusFromProvider,
      ),
    ).toEqual(['trial', 'active', 'past_due', 'past_due', 'cancelled', null, null]);
  });
});

describe('allowsSelling', () => {
  it('lets a farm in trial or active publish, and no other', () => {
    expect(
      [undefined, 'trial', 'active', 'past_due', 'cancelled'].map((s) => allowsSelling(s as never)),
    ).toEqual([false, true, true, false, false]);
  });
});

describe("a new subscription's usage and preferences", () => {
  it('starts every counter at zero and opts out of promotions', () => {
    expect(emptyUsageStats(d('2026-01-01T00:00:00Z'))).toEqual({
      totalProducts: 0,
      storageUsed: 0,
      apiCalls: 0,
      lastUpdated: '2026-01-01T00:00:00.000Z',
      marketingEmails: 0,
      customDomainUsage: 0,
      analyticsUsage: { views: 0, conversions: 0, revenue: 0 },
    });
    expect(defaultMarketingPreferences.promotionalEmails).toBe(false);
  });
});

describe('limit messages', () => {
  it('name the plan and the way up', () => {
    expect(productLimitMessage(getPlan('starter'))).toBe(
      'Your Starter plan allows up to 10 products. Upgrade to Basic to add more.',
    );
    expect(storageLimitMessage(getPlan('basic'))).toBe(
      'Your Basic plan includes 500 MB of photo storage. Upgrade to Professional for 2 GB.',
    );
    expect(nextPlanUp('pro')).toBeUndefined();
    expect(productLimitMessage(getPlan('pro'))).toContain('Remove a product');
  });
});

describe('changing plan after the trial', () => {
  it('applies an upgrade at once and keeps a downgrade for the renewal', () => {
    expect(defersChange({ status: 'active', planId: 'pro' }, 'basic')).toBe(true);
    expect(defersChange({ status: 'active', planId: 'basic' }, 'pro')).toBe(false);
    expect(defersChange({ status: 'trial', planId: 'pro' }, 'starter')).toBe(false);
    expect(defersChange({ status: 'active', planId: 'basic' }, 'basic')).toBe(false);
  });

  it('starts the cheaper plan on the due date when the renewal is paid', () => {
    const trial = newSubscription('pro', 'monthly', d('2027-01-01T00:00:00Z'));
    const active = recordPayment(trial, d('2027-01-16T00:00:00Z'));
    const due = { ...active, nextBillingDate: active.endDate };
    const renewed = recordPayment(
      applyScheduledChange(due, 'starter', 'annual'),
      d('2027-02-16T00:00:00Z'),
    );
    expect(renewed).toMatchObject({
      planId: 'starter',
      billingCycle: 'annual',
      priceCents: 375,
      endDate: d('2028-02-16T00:00:00Z'),
    });
  });
});
