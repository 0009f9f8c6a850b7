import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../jobs/jobs.schema';
import { useTestApp } from '../../testing/test-app';
import { createTestUser } from '../../testing/users';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import type { PaymentProvider } from './payment-provider';
import { scheduleReconciliation } from './reconcile.job';
import { createSandboxProvider } from './sandbox/sandbox-provider';
import { databaseSandboxStore } from './sandbox/sandbox-store';
import { signLikeStripe } from './stripe/stripe-webhooks';

const secret = `whsec_${randomBytes(16).toString('hex')}`;
// From the real time: a job is queued to run at once by the real clock.
let now = new Date();
let cancelFailures = 0;
let cancelCalls = 0;
// Filled in once the app's database exists: the sandbox, except that its cancel at the period's
// end fails while `cancelFailures` lasts, as a provider that cannot be reached would.
const payments = {} as PaymentProvider;
const t = useTestApp({ STRIPE_WEBHOOK_SECRET: secret }, { payments, clock: () => now });
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const store = () => databaseSandboxStore(t.database.db);
beforeAll(useFailingSandbox);

function useFailingSandbox() {
  const sandbox = createSandboxProvider({
    store: store(),
    webhookSecret: secret,
    publicUrl: t.config.PUBLIC_URL,
    clock: () => now,
  });
  Object.assign(payments, sandbox, {
    async cancelAtPeriodEnd(id: string) {
      cancelCalls += 1;
      if (cancelFailures > 0) {
        cancelFailures -= 1;
        throw new Error('the provider is not answering');
      }
      await sandbox.cancelAtPeriodEnd(id);
    },
  });
}

async function deliver(type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: seconds(new Date()),
    data: { object },
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

/** A farmer whose plan the provider bills, active, as its webhook made it. */
async function farmerWithProviderPlan() {
  const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', { plan: null });
  const periodEnd = seconds(new Date(now.getTime() + 20 * 86_400_000));
  const subscription = {
    id: `sub_sandbox_${randomBytes(8).toString('hex')}`,
    object: 'subscription',
    customer: 'cus_sandbox_retries',
    status: 'active',
    trial_end: null,
    cancel_at_period_end: false,
    items: {
      object: 'list',
      data: [{ object: 'subscription_item', current_period_end: periodEnd }],
    },
    metadata: { farmerId: farmer.id, planId: 'pro', billingCycle: 'monthly' },
  };
  await store().put(subscription.id, 'subscription', subscription);
  await deliver('customer.subscription.created', subscription);
  const [row] = await rowsOf(farmer.id);
  if (!row) throw new Error('the webhook made no subscription');
  return { farmer, subscription, row };
}

const rowsOf = (farmerId: string) =>
  t.database.db.select().from(subscriptions).where(eq(subscriptions.farmerId, farmerId));

async function waitingJobs() {
  return t.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, 'subscription-provider-cancel-at-period-end'));
}

/** Moves the clock past the longest wait between tries and runs what is due. */
async function later(hours = 2) {
  now = new Date(now.getTime() + hours * 3_600_000);
  await t.app.jobs.drain();
}

describe('a plan cancelled while the provider fails', () => {
  it('stays cancelled here, waits for the provider, and is retried until the provider confirms', async () => {
    const { farmer, subscription, row } = await farmerWithProviderPlan();
    cancelFailures = 3;
    cancelCalls = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${row.id}/cancel`,
      headers: farmer.headers,
      payload: { reason: 'Selling at the market instead' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({ status: 'cancelled', autoRenew: false });

    await t.app.jobs.drain();
    let [waiting] = await rowsOf(farmer.id);
    expect(waiting).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: false });
    expect(waiting?.providerCancelRequestedAt).not.toBeNull();
    expect(await waitingJobs()).toHaveLength(1);

    // The provider, not told yet, says the plan still bills: the farmer's cancel stands.
    await deliver('customer.subscription.updated', subscription);
    [waiting] = await rowsOf(farmer.id);
    expect(waiting).toMatchObject({ status: 'cancelled', autoRenew: false });
    expect(waiting?.providerCancelRequestedAt).not.toBeNull();

    // Minutes apart: the job's own retries (10 s, 20 s, 40 s), before any reconciliation is due.
    for (let i = 0; i < 4; i++) await later(0.05);
    expect(cancelCalls).toBe(4);
    const [settled] = await rowsOf(farmer.id);
    expect(settled).toMatchObject({
      status: 'cancelled',
      cancelAtPeriodEnd: true,
      providerCancelRequestedAt: null,
    });
    expect((await store().get(subscription.id))?.cancel_at_period_end).toBe(true);
    expect(await waitingJobs()).toEqual([]);

    // The provider's late word that it has ended changes nothing more.
    await store().put(subscription.id, 'subscription', {
      ...subscription,
      status: 'canceled',
      cancel_at_period_end: true,
    });
    await deliver('customer.subscription.deleted', { ...subscription, status: 'canceled' });
    const [ended] = await rowsOf(farmer.id);
    expect(ended).toMatchObject({ status: 'cancelled', providerCancelRequestedAt: null });
  });

  it('is settled by the reconciliation once its job has given up', async () => {
    const { farmer, subscription, row } = await farmerWithProviderPlan();
    cancelFailures = 1_000;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${row.id}/cancel`,
      headers: farmer.headers,
      payload: { reason: 'Too busy this year' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.drain();
    // As a job that ran out of tries: kept, failed, and never run again.
    await t.database.db
      .update(jobs)
      .set({ status: 'failed' })
      .where(eq(jobs.kind, 'subscription-provider-cancel-at-period-end'));
    cancelFailures = 0;
    // The server queues the first reconciliation when it starts.
    await scheduleReconciliation(t.database.db, now);
    await later(1);
    const [settled] = await rowsOf(farmer.id);
    expect(settled).toMatchObject({ cancelAtPeriodEnd: true, providerCancelRequestedAt: null });
    expect((await store().get(subscription.id))?.cancel_at_period_end).toBe(true);
  });
});
