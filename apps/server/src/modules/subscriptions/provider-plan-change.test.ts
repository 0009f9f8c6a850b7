import { randomBytes } from 'node:crypto';
import { getPlan } from '@furrow/domain/plans';
import { cycleChargeCents } from '@furrow/domain/subscriptions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestFarm } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/users';
import { databaseSandboxStore, signLikeStripe } from '../payments';
import { sandboxRecords } from '../payments/payments.schema';
import { subscriptions } from './subscriptions.schema';

const secret = `whsec_${randomBytes(16).toString('hex')}`;
const t = useTestApp({ PUBLIC_URL: 'http://furrow.test', STRIPE_WEBHOOK_SECRET: secret });
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const store = () => databaseSandboxStore(t.database.db);

/** A farmer whose plan was bought at the sandbox checkout, so the provider bills it. */
async function providerBilledFarmer(planId: string): Promise<{ farmer: TestUser; id: string }> {
  const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', { plan: null });
  const shopId = await createTestFarm(t, farmer, {
    name: 'Hill Farm',
    location: { lat: 45, lng: -122 },
  });
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/shop/subscription/subscribe',
    headers: farmer.headers,
    payload: { shopId, planId, billingCycle: 'monthly' },
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: new URL(checkout.json().url).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      number: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'Ada Farmer',
    }).toString(),
  });
  expect(paid.statusCode).toBe(303);
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.farmerId, farmer.id));
  expect(row?.providerSubscriptionId).toMatch(/^sub_sandbox_/);
  return { farmer, id: row?.id as string };
}

async function providerRecordOf(id: string) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const record = await store().get(row?.providerSubscriptionId as string);
  return record as {
    id: string;
    status: string;
    metadata: Record<string, string>;
    items: { data: { current_period_end: number; price: { unit_amount: number } }[] };
  };
}

/** The provider's `customer.subscription.updated`, delivered again as Stripe may. */
async function replayUpdated(id: string) {
  const subscription = await providerRecordOf(id);
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created: seconds(new Date()),
    data: { object: subscription },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signLikeStripe(payload, secret),
    },
    payload,
  });
  expect(res.statusCode).toBe(200);
}

function changePlan(farmer: TestUser, id: string, planId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/subscriptions/${id}/change-plan`,
    headers: farmer.headers,
    payload: { planId, billingCycle: 'monthly' },
  });
}

async function stored(id: string) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

describe('changing a plan the provider bills', () => {
  it('upgrades at the provider too, and a replayed webhook keeps the new plan', async () => {
    const { farmer, id } = await providerBilledFarmer('starter');
    const res = await changePlan(farmer, id, 'basic');
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ planId: 'basic' });

    const record = await providerRecordOf(id);
    expect(record.metadata).toMatchObject({ planId: 'basic', billingCycle: 'monthly' });
    expect(record.metadata.nextPlanId).toBeUndefined();
    expect(record.items.data[0]?.price.unit_amount).toBe(
      cycleChargeCents(getPlan('basic'), 'monthly'),
    );

    await replayUpdated(id);
    expect(await stored(id)).toMatchObject({
      planId: 'basic',
      planName: getPlan('basic').name,
      status: 'trial',
      pendingPlanId: null,
    });
  });

  it('moves a paid plan down at the provider from the next period, and applies it when that period begins', async () => {
    const { farmer, id } = await providerBilledFarmer('pro');
    // The trial is over and paid: the provider says active, and Furrow reads it so.
    const active = await providerRecordOf(id);
    await store().put(active.id, 'subscription', { ...active, status: 'active' });
    await replayUpdated(id);
    expect((await stored(id))?.status).toBe('active');

    const res = await changePlan(farmer, id, 'starter');
    expect(res.statusCode).toBe(200);
    const record = await providerRecordOf(id);
    const periodEnd = record.items.data[0]?.current_period_end as number;
    expect(record.metadata).toMatchObject({
      planId: 'pro',
      nextPlanId: 'starter',
      nextBillingCycle: 'monthly',
      nextPlanFrom: String(periodEnd),
    });
    expect(record.items.data[0]?.price.unit_amount).toBe(
      cycleChargeCents(getPlan('starter'), 'monthly'),
    );

    // Replayed within the period: still pro, starter scheduled.
    await replayUpdated(id);
    expect(await stored(id)).toMatchObject({ planId: 'pro', pendingPlanId: 'starter' });

    // The provider renews into the next period: the cheaper plan is now the one billed.
    const [item] = record.items.data;
    await store().put(record.id, 'subscription', {
      ...record,
      items: { ...record.items, data: [{ ...item, current_period_end: periodEnd + 30 * 86_400 }] },
    });
    await replayUpdated(id);
    expect(await stored(id)).toMatchObject({
      planId: 'starter',
      priceCents: getPlan('starter').monthlyPriceCents,
      pendingPlanId: null,
    });
  });

  it('leaves the record unchanged with a clear 502 when the provider does not take the change', async () => {
    const { farmer, id } = await providerBilledFarmer('starter');
    const before = await stored(id);
    // The provider no longer knows the subscription: its change fails.
    await t.database.db
      .delete(sandboxRecords)
      .where(eq(sandboxRecords.id, before?.providerSubscriptionId as string));

    const res = await changePlan(farmer, id, 'basic');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'PLAN_CHANGE_UNAVAILABLE',
      message:
        'Your plan could not be changed because the payment provider did not answer. Your plan is unchanged; please try again in a few minutes.',
    });
    expect(await stored(id)).toEqual(before);
  });
});
