import { addDays } from '@furrow/domain/dates';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { jobs } from '../../jobs/jobs.schema';
import { createWorker } from '../../jobs/worker';
import { createTestFarm } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, giveTestPlan, type TestUser } from '../../testing/users';
import {
  type ChargeRequest,
  createSandboxProvider,
  databaseSandboxStore,
  type PaymentProvider,
} from '../payments';
import { products } from '../products/products.schema';
import { chargeDue, queueMissingCharges, registerRenewalJob } from './renewal.job';
import { billingRecords, subscriptions } from './subscriptions.schema';

const start = new Date('2026-03-01T09:00:00Z');
const t = useTestApp({}, { clock: () => start });
const quietLog = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

/** The sandbox provider, counting the charges it is asked for. */
function countingProvider(): { payments: PaymentProvider; charges: ChargeRequest[] } {
  const sandbox = createSandboxProvider({
    store: databaseSandboxStore(t.database.db),
    webhookSecret: 'whsec_renewals',
    publicUrl: 'http://furrow.test',
  });
  const charges: ChargeRequest[] = [];
  return {
    charges,
    payments: {
      ...sandbox,
      async charge(request) {
        charges.push(request);
        return sandbox.charge(request);
      },
    },
  };
}

/** The charges asked for one subscription: earlier tests' subscriptions fall due too. */
const chargesOf = (charges: ChargeRequest[], id: string) =>
  charges.filter((charge) => charge.idempotencyKey.startsWith(id));

/** Two workers, as two server processes would run them, with the clock moved to `now`. */
async function runWorkersAt(now: Date, payments: PaymentProvider) {
  const clock = () => now;
  const workers = [1, 2].map(() => createWorker({ database: t.database, log: quietLog, clock }));
  for (const worker of workers)
    registerRenewalJob(worker, {
      db: t.database.db,
      payments,
      clock,
      publicUrl: 'http://furrow.test',
    });
  await Promise.all(workers.map((worker) => worker.drain()));
}

/** The e-mails queued for one address. */
async function mailsTo(address: string) {
  const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'send-mail'));
  return queued
    .map((job) => job.payload as { to: string; subject: string })
    .filter((mail) => mail.to === address);
}

async function trialWithCard(last4: string | null, plan = 'basic', cycle = 'monthly') {
  const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', { plan: null });
  if (last4) {
    await t.app.inject({
      method: 'POST',
      url: '/api/payment-methods',
      headers: farmer.headers,
      payload: { type: 'card', brand: 'visa', last4 },
    });
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: farmer.headers,
    payload: { planId: plan, billingCycle: cycle },
  });
  return { farmer, id: res.json().subscription.id as string };
}

async function stateOf(id: string) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  const records = await t.database.db
    .select()
    .from(billingRecords)
    .where(eq(billingRecords.subscriptionId, id));
  const queued = (
    await t.database.db.select().from(jobs).where(eq(jobs.kind, chargeDue.name))
  ).filter((job) => (job.payload as { subscriptionId: string }).subscriptionId === id);
  return { row, records, queued };
}

describe('the renewal job', () => {
  it('charges nothing before the day after the trial', async () => {
    const { id } = await trialWithCard('4242');
    const { payments, charges } = countingProvider();
    await runWorkersAt(addDays(start, 14), payments);
    expect(chargesOf(charges, id)).toEqual([]);
    expect((await stateOf(id)).row?.status).toBe('trial');
  });

  it('past the trial, charges exactly once and writes one record, with two workers running', async () => {
    const { farmer, id } = await trialWithCard('4242', 'basic', 'annual');
    const { payments, charges } = countingProvider();
    const later = addDays(start, 16);
    await runWorkersAt(later, payments);
    await runWorkersAt(later, payments);
    expect(chargesOf(charges, id)).toHaveLength(1);
    expect(chargesOf(charges, id)[0]).toMatchObject({ amountCents: 9000 });
    const { row, records, queued } = await stateOf(id);
    expect(records).toMatchObject([{ status: 'paid', amountCents: 9000 }]);
    // Billed the day after the trial, for 12 months from that day.
    expect(row).toMatchObject({
      status: 'active',
      endDate: new Date('2027-03-16T09:00:00Z'),
      nextBillingDate: new Date('2027-03-16T09:00:00Z'),
    });
    expect(queued.map((job) => job.runAt)).toEqual([new Date('2027-03-16T09:00:00Z')]);
    expect((await mailsTo(farmer.email)).map((mail) => mail.subject)).toEqual([
      'Your Furrow receipt: $90.00 for Basic',
    ]);
  });

  it('moves a declined card to past due and tries again later', async () => {
    const { farmer, id } = await trialWithCard('0002');
    const { payments, charges } = countingProvider();
    await runWorkersAt(addDays(start, 16), payments);
    const { row, records, queued } = await stateOf(id);
    expect(row?.status).toBe('past_due');
    expect(records).toMatchObject([{ status: 'failed', amountCents: 999 }]);
    expect(queued.map((job) => job.runAt)).toEqual([addDays(start, 19)]);
    expect((await mailsTo(farmer.email)).map((mail) => mail.subject)).toEqual([
      'Action needed: your Furrow payment of $9.99 did not go through',
    ]);
    await runWorkersAt(addDays(start, 19), payments);
    expect(chargesOf(charges, id)).toHaveLength(2);
    expect((await stateOf(id)).records).toHaveLength(2);
  });

  it('moves a trial with no card on file to past due', async () => {
    const { id } = await trialWithCard(null);
    const { payments, charges } = countingProvider();
    await runWorkersAt(addDays(start, 16), payments);
    expect(chargesOf(charges, id)).toEqual([]);
    expect((await stateOf(id)).row?.status).toBe('past_due');
  });

  it('charges nothing for a plan cancelled during its trial', async () => {
    const { farmer, id } = await trialWithCard('4242');
    await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/cancel`,
      headers: farmer.headers,
      payload: { reason: 'Changed my mind' },
    });
    const { payments, charges } = countingProvider();
    await runWorkersAt(addDays(start, 16), payments);
    expect(chargesOf(charges, id)).toEqual([]);
    expect((await stateOf(id)).records).toEqual([]);
  });

  it('queues the charges of plans written without the service, once', async () => {
    const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', {
      plan: null,
    });
    await giveTestPlan(t.database.db, farmer.id, 'starter');
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.farmerId, farmer.id));
    expect((await stateOf(row?.id ?? '')).queued).toEqual([]);
    expect(await queueMissingCharges(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await queueMissingCharges(t.database.db)).toBe(0);
    expect((await stateOf(row?.id ?? '')).queued.map((job) => job.runAt)).toEqual([
      row?.nextBillingDate,
    ]);
  });

  it('keeps a downgrade for the renewal, then bills the cheaper plan from the due date', async () => {
    const { farmer, id } = await trialWithCard('4242', 'pro', 'monthly');
    const { payments, charges } = countingProvider();
    await runWorkersAt(addDays(start, 16), payments);
    const change = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/change-plan`,
      headers: farmer.headers,
      payload: { planId: 'starter', billingCycle: 'monthly' },
    });
    expect(change.json().message).toBe(
      'You move to Starter on April 16, 2026, when your paid period ends',
    );
    expect(change.json().subscription).toMatchObject({
      planId: 'pro',
      scheduledChange: {
        planId: 'starter',
        billingCycle: 'monthly',
        from: '2026-04-16T09:00:00.000Z',
      },
    });
    await runWorkersAt(new Date('2026-04-16T09:00:00Z'), payments);
    expect(chargesOf(charges, id).map((charge) => charge.amountCents)).toEqual([1499, 599]);
    const { row } = await stateOf(id);
    expect(row).toMatchObject({
      planId: 'starter',
      priceCents: 599,
      pendingPlanId: null,
      nextBillingDate: new Date('2026-05-16T09:00:00Z'),
    });
  });
});

/** `count` products on a new farm of the farmer's, one a day older than the next. */
async function stockShop(farmer: TestUser, count: number) {
  const farmId = await createTestFarm(t, farmer, {
    name: 'Downsized Farm',
    location: { lat: 44.05, lng: -123.09 },
  });
  const rows = await t.database.db
    .insert(products)
    .values(
      Array.from({ length: count }, (_, n) => ({
        farmId,
        farmerId: farmer.id,
        name: `Squash ${n + 1}`,
        priceCents: 300,
        unit: 'each',
        categorySlug: 'vegetables' as const,
        stock: 4,
        createdAt: addDays(start, n - count),
      })),
    )
    .returning({ id: products.id, name: products.name });
  return { farmId, ids: rows.map((row) => row.id) };
}

async function shopState(farmer: TestUser, farmId: string) {
  const mine = await t.app.inject({
    method: 'GET',
    url: `/api/product/${farmId}`,
    headers: farmer.headers,
  });
  const shown = await t.app.inject({ method: 'GET', url: `/api/product/${farmId}` });
  const all = mine.json().products as {
    name: string;
    hiddenByPlan: boolean;
    hiddenByFarmer: boolean;
  }[];
  return {
    byPlan: all
      .filter((p) => p.hiddenByPlan)
      .map((p) => p.name)
      .sort(),
    byFarmer: all
      .filter((p) => p.hiddenByFarmer)
      .map((p) => p.name)
      .sort(),
    shown: (shown.json().products as unknown[]).length,
  };
}

describe('plan limits after a change of plan', () => {
  it('hides the newest products past the smaller plan when the downgrade takes effect, and says which', async () => {
    const { farmer, id } = await trialWithCard('4242', 'basic', 'monthly');
    const { farmId, ids } = await stockShop(farmer, 13);
    // The farmer's own choice: hidden, and not counted against the plan.
    await t.app.inject({
      method: 'POST',
      url: `/api/products/${ids[0]}/visibility`,
      headers: farmer.headers,
      payload: { hidden: true },
    });
    const { payments } = countingProvider();
    await runWorkersAt(addDays(start, 16), payments);
    await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/change-plan`,
      headers: farmer.headers,
      payload: { planId: 'starter', billingCycle: 'monthly' },
    });
    // Until the paid period ends, nothing is hidden.
    expect((await shopState(farmer, farmId)).byPlan).toEqual([]);

    await runWorkersAt(new Date('2026-04-16T09:00:00Z'), payments);
    expect((await stateOf(id)).row?.planId).toBe('starter');
    expect(await shopState(farmer, farmId)).toEqual({
      byPlan: ['Squash 12', 'Squash 13'],
      byFarmer: ['Squash 1'],
      shown: 10,
    });
    const kept = await t.database.db.select().from(products).where(eq(products.farmId, farmId));
    expect(kept).toHaveLength(13);

    const current = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/current',
      headers: farmer.headers,
    });
    expect(current.json().hiddenByPlan.map((p: { name: string }) => p.name)).toEqual([
      'Squash 12',
      'Squash 13',
    ]);
    const receipts = (await mailsTo(farmer.email)).filter((mail) =>
      mail.subject.includes('receipt: $5.99'),
    ) as unknown as { text: string }[];
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(
      'Your Starter plan shows up to 10 products, so we hid these 2 from your shop (nothing is deleted): Squash 12, Squash 13.',
    );
  });

  it('brings the hidden products back on upgrade, but not those the farmer hid', async () => {
    const { farmer, id } = await trialWithCard('4242', 'starter', 'monthly');
    const { farmId, ids } = await stockShop(farmer, 12);
    // As a downgrade leaves a shop: more products than the plan, the newest hidden by it.
    await t.database.db
      .update(products)
      .set({ hiddenByPlan: true })
      .where(eq(products.id, ids[11] ?? ''));
    await t.database.db
      .update(products)
      .set({ hiddenByPlan: true })
      .where(eq(products.id, ids[10] ?? ''));
    await t.database.db
      .update(products)
      .set({ hiddenByFarmer: true })
      .where(eq(products.id, ids[0] ?? ''));

    const upgrade = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/change-plan`,
      headers: farmer.headers,
      payload: { planId: 'basic', billingCycle: 'monthly' },
    });
    expect(upgrade.statusCode).toBe(200);
    expect(await shopState(farmer, farmId)).toEqual({
      byPlan: [],
      byFarmer: ['Squash 1'],
      shown: 11,
    });
  });

  it('hides past the limit when a trial moves to a smaller plan at once', async () => {
    const { farmer, id } = await trialWithCard(null, 'basic', 'monthly');
    const { farmId } = await stockShop(farmer, 11);
    await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${id}/change-plan`,
      headers: farmer.headers,
      payload: { planId: 'starter', billingCycle: 'monthly' },
    });
    expect((await shopState(farmer, farmId)).byPlan).toEqual(['Squash 11']);
  });
});
