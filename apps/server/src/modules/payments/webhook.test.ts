import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { createTestUser } from '../../testing/users';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { processedWebhookEvents } from './payments.schema';
import { databaseSandboxStore } from './sandbox/sandbox-store';

const secret = `whsec_${randomBytes(16).toString('hex')}`;
const t = useTestApp({ STRIPE_WEBHOOK_SECRET: secret });
const stripe = new Stripe('sk_test_unused');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A subscription as the provider holds it: the truth every event makes Furrow read. */
async function providerSubscription(farmerId: string, status: string, extra: object = {}) {
  const id = `sub_sandbox_${randomBytes(8).toString('hex')}`;
  const trialEnd = seconds(new Date(Date.now() + 14 * 86_400_000));
  const subscription = {
    id,
    object: 'subscription',
    customer: 'cus_sandbox_webhooks',
    status,
    trial_end: trialEnd,
    cancel_at_period_end: false,
    items: {
      object: 'list',
      data: [{ object: 'subscription_item', current_period_end: trialEnd }],
    },
    metadata: { farmerId, planId: 'pro', billingCycle: 'monthly', farmId: '' },
    ...extra,
  };
  await databaseSandboxStore(t.database.db).put(id, 'subscription', subscription);
  return subscription;
}

function event(type: string, object: object, id = `evt_${randomBytes(8).toString('hex')}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: seconds(new Date()),
    data: { object },
  });
}

function deliver(payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

const sign = (payload: string, at = new Date()) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(at) });

async function farmerRows(farmerId: string) {
  return t.database.db.select().from(subscriptions).where(eq(subscriptions.farmerId, farmerId));
}

async function newFarmer() {
  return createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', { plan: null });
}

describe('POST /api/webhooks/stripe', () => {
  it('applies a valid event once, even when it is delivered twice', async () => {
    const farmer = await newFarmer();
    const subscription = await providerSubscription(farmer.id, 'trialing');
    const payload = event('customer.subscription.created', subscription);
    const first = await deliver(payload, sign(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    const again = await deliver(payload, sign(payload));
    expect(again.json()).toEqual({ received: true, applied: false });
    const rows = await farmerRows(farmer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'trial',
      planId: 'pro',
      providerSubscriptionId: subscription.id,
    });
  });

  it('refuses a tampered body, an old signature and an unsigned event with 400, changing nothing', async () => {
    const farmer = await newFarmer();
    const subscription = await providerSubscription(farmer.id, 'active');
    const payload = event('customer.subscription.created', subscription);
    const tampered = payload.replace('"active"', '"trialing"');
    const stale = sign(payload, new Date(Date.now() - 301_000));
    for (const [body, signature] of [
      [tampered, sign(payload)],
      [payload, stale],
      [payload, undefined],
      [payload, 't=1,v1=deadbeef'],
    ] as const) {
      const res = await deliver(body, signature);
      expect(res.statusCode, String(signature)).toBe(400);
      expect(res.json().code).toBe('WEBHOOK_INVALID');
    }
    expect(await farmerRows(farmer.id)).toEqual([]);
    const id = JSON.parse(payload).id;
    const seen = await t.database.db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.id, id));
    expect(seen).toEqual([]);
  });

  it('ends in the provider state when events arrive in reverse order', async () => {
    const farmer = await newFarmer();
    const subscription = await providerSubscription(farmer.id, 'trialing');
    const created = event('customer.subscription.created', subscription);
    // By the time anything is delivered the farmer has paid: the provider says active.
    const periodEnd = seconds(new Date(Date.now() + 45 * 86_400_000));
    const paid = {
      ...subscription,
      status: 'active',
      trial_end: null,
      items: {
        object: 'list',
        data: [{ object: 'subscription_item', current_period_end: periodEnd }],
      },
    };
    await databaseSandboxStore(t.database.db).put(subscription.id, 'subscription', paid);
    const updated = event('customer.subscription.updated', paid);
    const invoice = event('invoice.paid', {
      id: `in_${randomBytes(6).toString('hex')}`,
      object: 'invoice',
      amount_paid: 1499,
      created: seconds(new Date()),
      hosted_invoice_url: 'https://invoice.example/1',
      parent: { subscription_details: { subscription: subscription.id } },
    });
    for (const payload of [invoice, updated, created]) {
      expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    }
    const [row] = await farmerRows(farmer.id);
    expect(row).toMatchObject({ status: 'active', autoRenew: true });
    expect(row?.nextBillingDate?.getTime()).toBe(periodEnd * 1000);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/${row?.id}/billing-history`,
      headers: farmer.headers,
    });
    expect(history.json().records).toMatchObject([
      { amount: 14.99, status: 'paid', invoiceUrl: 'https://invoice.example/1' },
    ]);

    // Then the provider cancels it; a late "created" does not bring it back.
    await databaseSandboxStore(t.database.db).put(subscription.id, 'subscription', {
      ...paid,
      status: 'canceled',
    });
    const deleted = event('customer.subscription.deleted', { ...paid, status: 'canceled' });
    const late = event('customer.subscription.created', subscription);
    for (const payload of [deleted, late]) await deliver(payload, sign(payload));
    const [final] = await farmerRows(farmer.id);
    expect(final).toMatchObject({ status: 'cancelled', autoRenew: false, nextBillingDate: null });
  });

  it('ends right when an older event comes after a newer one, or the same one twice', async () => {
    const farmer = await newFarmer();
    const subscription = await providerSubscription(farmer.id, 'active');
    const created = event('customer.subscription.created', subscription);
    await deliver(created, sign(created));

    // The renewal's invoice was paid after a first try failed; the failure arrives last, twice.
    const invoice = {
      id: `in_${randomBytes(6).toString('hex')}`,
      object: 'invoice',
      amount_paid: 1499,
      amount_due: 1499,
      subscription: subscription.id,
    };
    const paid = event('invoice.paid', invoice);
    const failed = event('invoice.payment_failed', invoice);
    for (const payload of [paid, failed, failed]) await deliver(payload, sign(payload));
    const [renewed] = await farmerRows(farmer.id);
    expect(renewed).toMatchObject({ status: 'active', autoRenew: true });

    // The provider ended it; an "updated: active" sent before that arrives after it.
    const active = event('customer.subscription.updated', subscription);
    await databaseSandboxStore(t.database.db).put(subscription.id, 'subscription', {
      ...subscription,
      status: 'canceled',
    });
    const deleted = event('customer.subscription.deleted', { ...subscription, status: 'canceled' });
    for (const payload of [deleted, active, deleted]) await deliver(payload, sign(payload));
    const [ended] = await farmerRows(farmer.id);
    expect(ended).toMatchObject({ status: 'cancelled', autoRenew: false, nextBillingDate: null });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/${ended?.id}/billing-history`,
      headers: farmer.headers,
    });
    expect(
      history
        .json()
        .records.map((record: { status: string }) => record.status)
        .sort(),
    ).toEqual(['failed', 'paid']);
  });

  it('maps past_due and unpaid to past_due', async () => {
    for (const status of ['past_due', 'unpaid']) {
      const farmer = await newFarmer();
      const subscription = await providerSubscription(farmer.id, 'active');
      const first = event('customer.subscription.created', subscription);
      await deliver(first, sign(first));
      await databaseSandboxStore(t.database.db).put(subscription.id, 'subscription', {
        ...subscription,
        status,
      });
      const failed = event('invoice.payment_failed', {
        id: `in_${randomBytes(6).toString('hex')}`,
        object: 'invoice',
        amount_due: 1499,
        subscription: subscription.id,
      });
      await deliver(failed, sign(failed));
      const [row] = await farmerRows(farmer.id);
      expect(row?.status).toBe('past_due');
    }
  });

  it('acknowledges an event about a farmer Furrow does not know, changing nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const subscription = await providerSubscription(unknown, 'trialing');
    const payload = event('customer.subscription.created', subscription);
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(await farmerRows(unknown)).toEqual([]);
  });
});
