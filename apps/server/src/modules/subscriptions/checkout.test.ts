import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestFarm } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, type TestUser, useTestCast } from '../../testing/users';
import { databaseSandboxStore } from '../payments';
import { subscriptions } from './subscriptions.schema';

const t = useTestApp({ PUBLIC_URL: 'http://furrow.test' });
const cast = useTestCast(t);

async function farmerWithShop(): Promise<{ farmer: TestUser; shopId: string }> {
  const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', { plan: null });
  const shopId = await createTestFarm(t, farmer, {
    name: 'Hill Farm',
    location: { lat: 45, lng: -122 },
  });
  return { farmer, shopId };
}

async function subscribe(farmer: TestUser, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/shop/subscription/subscribe',
    headers: farmer.headers,
    payload: body,
  });
}

function pay(url: string, number: string) {
  return t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      number,
      expiry: '12/40',
      cvc: '123',
      name: 'Ada Farmer',
    }).toString(),
  });
}

async function current(farmer: TestUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/subscriptions/current',
    headers: farmer.headers,
  });
  return res.json().subscription;
}

describe('subscribe through the sandbox checkout', () => {
  it('answers a checkout page that works without JavaScript under the app CSP', async () => {
    const { farmer, shopId } = await farmerWithShop();
    const res = await subscribe(farmer, { shopId, planId: 'basic', billingCycle: 'annual' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^http:\/\/furrow\.test\/sandbox\/checkout\/cs_sandbox_/);

    const page = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('$90.00 a year');
  });

  it('declines 4000 0000 0000 0002, says so, and starts nothing', async () => {
    const { farmer, shopId } = await farmerWithShop();
    const { url } = (
      await subscribe(farmer, { shopId, planId: 'starter', billingCycle: 'monthly' })
    ).json();
    const res = await pay(url, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Your card was declined.');
    expect(await current(farmer)).toBeNull();
  });

  it('starts the trial with 4242 4242 4242 4242 and sends the farmer back', async () => {
    const { farmer, shopId } = await farmerWithShop();
    const { url } = (
      await subscribe(farmer, { shopId, planId: 'basic', billingCycle: 'monthly' })
    ).json();
    const res = await pay(url, '4242 4242 4242 4242');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://furrow.test/farmers/dashboard?checkout=success');
    const subscription = await current(farmer);
    expect(subscription).toMatchObject({
      planId: 'basic',
      status: 'trial',
      autoRenew: true,
      price: 9.99,
    });
    const trialDays =
      (Date.parse(subscription.trialEndsAt) - Date.parse(subscription.startDate)) / 86_400_000;
    expect(Math.round(trialDays)).toBe(14);

    const cards = await t.app.inject({
      method: 'GET',
      url: '/api/payment-methods',
      headers: farmer.headers,
    });
    expect(cards.json().paymentMethods).toMatchObject([
      { type: 'card', brand: 'visa', last4: '4242' },
    ]);

    // The page is spent: paying again changes nothing.
    expect((await pay(url, '4242 4242 4242 4242')).statusCode).toBe(404);

    const shop = await t.app.inject({
      method: 'GET',
      url: `/api/shop/single/${shopId}`,
      headers: farmer.headers,
    });
    const stripeCustomerId = shop.json().shop.stripeCustomerId;
    expect(stripeCustomerId).toMatch(/^cus_sandbox_/);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/sub_status?stripeCustomerId=${stripeCustomerId}`,
      headers: farmer.headers,
    });
    expect(status.json()).toEqual({
      subscriptionStatus: {
        status: 'trial',
        planId: 'basic',
        planName: 'Basic',
        billingCycle: 'monthly',
        trialEndsAt: subscription.trialEndsAt,
        nextBillingDate: subscription.nextBillingDate,
        cancelAtPeriodEnd: false,
      },
    });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/sub_status?stripeCustomerId=${stripeCustomerId}`,
      headers: cast.otherFarmer.headers,
    });
    expect(other.statusCode).toBe(404);
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/sub_status?stripeCustomerId=${stripeCustomerId}`,
      headers: cast.admin.headers,
    });
    expect(admin.json().subscriptionStatus.status).toBe('trial');

    // Cancelling ends it here at once and at the provider at the period's end.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${subscription.id}/cancel`,
      headers: farmer.headers,
      payload: { reason: 'Too busy this season' },
    });
    expect(cancelled.json().subscription.status).toBe('cancelled');
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/sub_status?stripeCustomerId=${stripeCustomerId}`,
      headers: farmer.headers,
    });
    expect(after.json().subscriptionStatus).toMatchObject({
      status: 'cancelled',
      cancelAtPeriodEnd: true,
    });
  });

  it("refuses an unknown plan with 'Invalid plan selected' and someone else's shop with 404", async () => {
    const { farmer, shopId } = await farmerWithShop();
    const bad = await subscribe(farmer, { shopId, planId: 'gold', billingCycle: 'monthly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid plan selected');
    const theirs = await subscribe(cast.otherFarmer, {
      shopId,
      planId: 'basic',
      billingCycle: 'monthly',
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('ends the plan at the provider when the farmer account is deleted', async () => {
    const { farmer, shopId } = await farmerWithShop();
    const { url } = (
      await subscribe(farmer, { shopId, planId: 'starter', billingCycle: 'monthly' })
    ).json();
    await pay(url, '4242 4242 4242 4242');
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.farmerId, farmer.id));
    const providerId = row?.providerSubscriptionId ?? '';
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/farmers/${farmer.id}`,
      headers: cast.admin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.app.jobs.drain();
    const atProvider = await databaseSandboxStore(t.database.db).get(providerId);
    expect(atProvider?.status).toBe('canceled');
  });
});
