import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, useTestCast } from '../../testing/users';

const now = new Date('2026-01-31T10:00:00Z');
const t = useTestApp({}, { clock: () => now });
const cast = useTestCast(t);

async function start(
  user = cast.owner,
  body: object = { planId: 'basic', billingCycle: 'annual' },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: user.headers,
    payload: body,
  });
}

async function freshFarmer() {
  return createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', { plan: null });
}

describe('POST /api/subscriptions', () => {
  it('starts a 14-day trial with its dates, price and fields', async () => {
    const farmer = await freshFarmer();
    const res = await start(farmer, {
      planId: 'basic',
      billingCycle: 'annual',
      paymentMethod: 'direct_debit',
      discountCode: 'SPRING',
    });
    expect(res.statusCode).toBe(201);
    const { subscription } = res.json();
    expect(subscription).toMatchObject({
      farmerId: farmer.id,
      planId: 'basic',
      planName: 'Basic',
      status: 'trial',
      autoRenew: true,
      startDate: '2026-01-31T10:00:00.000Z',
      trialEndsAt: '2026-02-14T10:00:00.000Z',
      nextBillingDate: '2026-02-15T10:00:00.000Z',
      endDate: '2026-02-14T10:00:00.000Z',
      price: 7.5,
      billingCycle: 'annual',
      paymentMethod: 'direct_debit',
      discountCode: 'SPRING',
      cancelReason: null,
      upgradePath: ['pro'],
      marketingPreferences: {
        emailNotifications: true,
        smsNotifications: false,
        promotionalEmails: false,
        marketingInsights: false,
      },
    });
    expect(subscription.features).toContain('Everything in Starter');
    expect(Object.keys(subscription.usageStats).sort()).toEqual([
      'analyticsUsage',
      'apiCalls',
      'customDomainUsage',
      'lastUpdated',
      'marketingEmails',
      'storageUsed',
      'totalProducts',
    ]);
  });

  it('stores the monthly price for a monthly plan', async () => {
    const res = await start(await freshFarmer(), { planId: 'starter', billingCycle: 'monthly' });
    expect(res.json().subscription).toMatchObject({ price: 5.99, upgradePath: ['basic', 'pro'] });
  });

  it("refuses an unknown plan with 400 'Invalid plan selected' and writes nothing", async () => {
    const farmer = await freshFarmer();
    const res = await start(farmer, { planId: 'platinum', billingCycle: 'monthly' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid plan selected', code: 'INVALID_PLAN' });
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/current',
      headers: farmer.headers,
    });
    expect(current.json()).toEqual({ subscription: null, hiddenByPlan: [] });
  });

  it('refuses a payment method the plan does not accept', async () => {
    const res = await start(await freshFarmer(), {
      planId: 'starter',
      billingCycle: 'monthly',
      paymentMethod: 'direct_debit',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
  });

  it('allows one current subscription per farmer, even when two start at once', async () => {
    const farmer = await freshFarmer();
    const answers = await Promise.all([start(farmer), start(farmer)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
  });

  it('is for farmers: a customer is refused, a guest told to sign in', async () => {
    expect((await start(cast.customer)).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: { planId: 'basic', billingCycle: 'monthly' },
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('a subscription after it starts', () => {
  async function trial(plan = 'starter', cycle = 'monthly') {
    const farmer = await freshFarmer();
    const res = await start(farmer, { planId: plan, billingCycle: cycle });
    return { farmer, id: res.json().subscription.id as string };
  }

  it("counts the farmer's API calls this month in usageStats", async () => {
    const { farmer } = await trial();
    const current = () =>
      t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers: farmer.headers });
    await t.app.apiCalls.flush();
    const before = (await current()).json().subscription.usageStats.apiCalls;
    for (let n = 0; n < 3; n++)
      await t.app.inject({ method: 'GET', url: '/api/plans', headers: farmer.headers });
    await t.app.apiCalls.flush();
    // The three calls, and the read that took the first count.
    expect((await current()).json().subscription.usageStats.apiCalls).toBe(before + 4);
  });

  it('answers the current subscription to its farmer', async () => {
    const { farmer, id } = await trial();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/current',
      headers: farmer.headers,
    });
    expect(res.json().subscription.id).toBe(id);
  });

  it('cancels with a reason, after which a new plan may start', async () => {
    const { farmer, id } = await trial();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/cancel`,
      headers: farmer.headers,
      payload: { reason: 'Closing for the winter' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      status: 'cancelled',
      autoRenew: false,
      cancelReason: 'Closing for the winter',
      nextBillingDate: null,
    });
    expect((await start(farmer)).statusCode).toBe(201);
  });

  it('lists the farmer’s own subscriptions newest first, a cancelled one included', async () => {
    const { farmer, id } = await trial();
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: farmer.headers });
    await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/cancel`,
      headers: farmer.headers,
      payload: { reason: 'Trying another way' },
    });
    const afterCancel = await list();
    expect(afterCancel.statusCode).toBe(200);
    expect(afterCancel.json().subscriptions).toMatchObject([
      { id, status: 'cancelled', cancelReason: 'Trying another way' },
    ]);
    const again = (await start(farmer)).json().subscription.id;
    const both = (await list()).json().subscriptions;
    expect(both.map((row: { id: string }) => row.id)).toEqual([again, id]);
    expect(both[0].usageStats.analyticsUsage).toEqual({ views: 0, conversions: 0, revenue: 0 });
    const others = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions',
      headers: cast.otherFarmer.headers,
    });
    expect(others.json().subscriptions.map((row: { id: string }) => row.id)).not.toContain(id);
    const customer = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions',
      headers: cast.customer.headers,
    });
    expect(customer.statusCode).toBe(403);
  });

  it('changes plan: plan, price, features and dates move together', async () => {
    const { farmer, id } = await trial('starter', 'monthly');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/change-plan`,
      headers: farmer.headers,
      payload: { planId: 'pro', billingCycle: 'annual' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      planId: 'pro',
      planName: 'Professional',
      price: 12.08,
      status: 'trial',
      nextBillingDate: '2026-02-15T10:00:00.000Z',
      upgradePath: [],
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/change-plan`,
      headers: farmer.headers,
      payload: { planId: 'gold', billingCycle: 'annual' },
    });
    expect(bad.json().message).toBe('Invalid plan selected');
  });

  it('keeps marketing preferences, changing only the fields sent', async () => {
    const { farmer, id } = await trial();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/subscriptions/${id}/marketing-preferences`,
      headers: farmer.headers,
      payload: { promotionalEmails: true },
    });
    expect(res.json().subscription.marketingPreferences).toEqual({
      emailNotifications: true,
      smsNotifications: false,
      promotionalEmails: true,
      marketingInsights: false,
    });
  });

  it('shows an empty billing history during the trial, with nothing spent', async () => {
    const { farmer, id } = await trial();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/${id}/billing-history`,
      headers: farmer.headers,
    });
    expect(res.json()).toEqual({ records: [], totalSpent: 0 });
  });

  it('answers 404 to another farmer and a customer, and lets an admin in', async () => {
    const { id } = await trial();
    for (const user of [cast.otherFarmer, cast.customer]) {
      for (const [method, url, payload] of [
        ['GET', `/api/subscriptions/${id}/billing-history`, undefined],
        ['POST', `/api/subscriptions/${id}/cancel`, { reason: 'mine now' }],
        [
          'POST',
          `/api/subscriptions/${id}/change-plan`,
          { planId: 'pro', billingCycle: 'monthly' },
        ],
        ['PATCH', `/api/subscriptions/${id}/marketing-preferences`, { smsNotifications: true }],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: user.headers, payload });
        expect(res.statusCode, `${user.role} ${method} ${url}`).toBe(404);
      }
    }
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/${id}`,
      headers: cast.admin.headers,
    });
    expect(admin.statusCode).toBe(200);
  });
});

describe('payment methods', () => {
  it('adds, lists and removes a card; others cannot remove it', async () => {
    const farmer = await freshFarmer();
    await start(farmer, { planId: 'starter', billingCycle: 'monthly' });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods',
      headers: farmer.headers,
      payload: { type: 'card', brand: 'visa', last4: '4242' },
    });
    expect(added.statusCode).toBe(201);
    const method = added.json().paymentMethod;
    expect(method).toMatchObject({ type: 'card', last4: '4242', lastUsed: null });
    expect(method.setupDate).toBe(now.toISOString());

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods',
      headers: farmer.headers,
      payload: { type: 'direct_debit', last4: '1234' },
    });
    expect(refused.statusCode).toBe(400);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: farmer.headers,
    });
    expect(list.json().paymentMethods).toHaveLength(1);

    const url = `/api/payment-methods/${method.id}`;
    const other = await t.app.inject({ method: 'DELETE', url, headers: cast.otherFarmer.headers });
    expect(other.statusCode).toBe(404);
    const own = await t.app.inject({ method: 'DELETE', url, headers: farmer.headers });
    expect(own.statusCode).toBe(200);
  });
});
