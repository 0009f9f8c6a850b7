import { errors } from '@furrow/domain/errors';
import { getPlan } from '@furrow/domain/plans';
import { storedPriceCents } from '@furrow/domain/subscriptions';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { memoryMailer } from '../../testing/mailer';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, useTestCast } from '../../testing/users';
import { auditLog } from '../audit/audit.schema';
import { farms } from '../farms/farms.schema';
import { orders } from '../orders/orders.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';

const mail = memoryMailer();
const t = useTestApp({}, { mailer: mail });
const cast = useTestCast(t);

const here = { lat: 45.52, lng: -122.68 };
let farmId: string;
let otherFarmId: string;
let leavingFarmerId: string;
beforeAll(async () => {
  leavingFarmerId = (await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer')).id;
  farmId = await createTestFarm(t, cast.owner, {
    name: 'Bramble Hollow',
    location: here,
  });
  otherFarmId = await createTestFarm(t, cast.otherFarmer, {
    name: 'Cedar Run',
    location: here,
  });
  await createTestProduct(t, cast.owner, farmId, {
    name: 'Hollow beans',
    price: 3,
    unit: 'lb',
    categorySlug: 'vegetables',
    stock: 4,
  });
  await t.database.db.insert(orders).values([
    {
      customerId: cast.customer.id,
      farmId,
      farmName: 'Test farm',
      fulfilmentMethod: 'pickup',
      payment: 'pay_at_pickup',
      fulfilmentDate: '2026-11-20',
      totalCents: 1250,
      status: 'completed',
    },
    {
      customerId: cast.customer.id,
      farmId,
      farmName: 'Test farm',
      fulfilmentMethod: 'pickup',
      payment: 'pay_at_pickup',
      fulfilmentDate: '2026-11-20',
      totalCents: 900,
      status: 'cancelled',
    },
  ]);
});

type Actor = 'guest' | 'customer' | 'owner' | 'admin';

function send(actor: Actor, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const headers = actor === 'guest' ? {} : cast[actor].headers;
  return t.app.inject({ method, url, headers, payload });
}

const routes: { method: 'GET' | 'PATCH' | 'DELETE'; url: () => string; body?: object }[] = [
  { method: 'GET', url: () => '/api/admin/dashboard/farms-management/get_farms' },
  { method: 'GET', url: () => '/api/admin/overview' },
  { method: 'GET', url: () => '/api/admin/audit' },
  { method: 'PATCH', url: () => `/api/admin/farms/${otherFarmId}`, body: { featured: true } },
  {
    method: 'PATCH',
    url: () => `/api/admin/farmers/${cast.otherFarmer.id}`,
    body: { featured: true },
  },
  { method: 'DELETE', url: () => `/api/admin/farmers/${leavingFarmerId}` },
];

describe.each(routes)('$method admin route', (route) => {
  it('refuses a guest with 401, a customer and a farmer with 403 Unauthorized access', async () => {
    const guest = await send('guest', route.method, route.url(), route.body);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(errors.NOT_LOGGED_IN.message);
    for (const actor of ['customer', 'owner'] as const) {
      const res = await send(actor, route.method, route.url(), route.body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Unauthorized access');
    }
  });

  it('answers an admin', async () => {
    const res = await send('admin', route.method, route.url(), route.body);
    expect(res.statusCode, res.body).toBe(200);
  });
});

it('refuses a non-admin before reading a bad body', async () => {
  const res = await send('owner', 'PATCH', `/api/admin/farms/${farmId}`, { status: 'nonsense' });
  expect(res.statusCode).toBe(403);
});

describe('the farm table', () => {
  it('shows each farm with its owner, counts and revenue from orders not cancelled', async () => {
    const res = await send(
      'admin',
      'GET',
      '/api/admin/dashboard/farms-management/get_farms?q=bramble',
    );
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.farms[0]).toMatchObject({
      id: farmId,
      name: 'Bramble Hollow',
      owner: { id: cast.owner.id, name: 'Olive Owner', email: cast.owner.email },
      subscription: {
        planId: 'pro',
        planName: 'Professional',
        status: 'trial',
        billingCycle: 'monthly',
      },
      productCount: 1,
      orderCount: 2,
      revenue: 12.5,
      status: 'active',
      featured: false,
    });
  });

  it('finds farms by owner e-mail, filters by status, sorts and pages', async () => {
    const byOwner = await send(
      'admin',
      'GET',
      `/api/admin/dashboard/farms-management/get_farms?q=${encodeURIComponent(cast.otherFarmer.email)}`,
    );
    expect(byOwner.json().farms.map((f: { id: string }) => f.id)).toEqual([otherFarmId]);
    const sorted = await send(
      'admin',
      'GET',
      '/api/admin/dashboard/farms-management/get_farms?sort=name&order=asc&pageSize=1&page=2',
    );
    expect(sorted.json()).toMatchObject({
      total: 2,
      page: 2,
      pageSize: 1,
      farms: [{ name: 'Cedar Run' }],
    });
    const suspended = await send(
      'admin',
      'GET',
      '/api/admin/dashboard/farms-management/get_farms?status=suspended',
    );
    expect(suspended.json().farms).toEqual([]);
  });

  it('refuses to suspend without a reason, naming the field', async () => {
    const res = await send('admin', 'PATCH', `/api/admin/farms/${farmId}`, { status: 'suspended' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'reason' })]);
  });
});

describe('suspending and reinstating a farm', () => {
  const browse = async () => {
    const res = await send(
      'guest',
      'GET',
      `/api/products?lat=${here.lat}&long=${here.lng}&q=beans`,
    );
    return res.json().products.map((p: { farmId: string }) => p.farmId);
  };
  const featured = async () =>
    (await send('guest', 'GET', '/api/farms/featured'))
      .json()
      .shops.map((f: { id: string }) => f.id);

  it('hides the farm from browsing, search and featured lists, tells the owner why, and brings it back', async () => {
    await send('admin', 'PATCH', `/api/admin/farms/${farmId}`, { featured: true });
    expect(await featured()).toContain(farmId);
    expect(await browse()).toContain(farmId);

    const reason = 'Photos of another farm were used';
    const res = await send('admin', 'PATCH', `/api/admin/farms/${farmId}`, {
      status: 'suspended',
      reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Farm suspended',
      farm: { status: 'suspended', suspendedReason: reason },
    });

    expect(await browse()).not.toContain(farmId);
    expect(await featured()).not.toContain(farmId);
    expect((await send('customer', 'GET', `/api/farms/${farmId}`)).statusCode).toBe(404);
    // The owner sees why on the dashboard...
    const own = await send('owner', 'GET', `/api/shop/single/${farmId}`);
    expect(own.json().shop).toMatchObject({ status: 'suspended', suspendedReason: reason });
    // ...and by e-mail, once the job has run.
    await t.app.jobs.drain();
    const letter = mail.sent.find((m) => m.to === cast.owner.email && /suspended/.test(m.subject));
    expect(letter?.text).toContain(reason);

    await send('admin', 'PATCH', `/api/admin/farms/${farmId}`, { status: 'active' });
    expect(await browse()).toContain(farmId);
    expect(await featured()).toContain(farmId);
    const [row] = await t.database.db.select().from(farms).where(eq(farms.id, farmId));
    expect(row?.suspendedReason).toBeNull();
    await t.app.jobs.drain();
    expect(mail.sent.some((m) => m.to === cast.owner.email && /is back/.test(m.subject))).toBe(
      true,
    );
  });

  it('writes who did what, when, with the record before and after', async () => {
    const res = await send(
      'admin',
      'GET',
      `/api/admin/audit?subjectId=${farmId}&action=farm.suspend`,
    );
    const [entry] = res.json().entries;
    expect(entry).toMatchObject({
      actor: { id: cast.admin.id, email: cast.admin.email },
      action: 'farm.suspend',
      subject: { type: 'farm', id: farmId, name: 'Bramble Hollow' },
      reason: 'Photos of another farm were used',
      before: { status: 'active' },
      after: { status: 'suspended' },
    });
    const all = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, farmId));
    expect(all.map((row) => row.action).sort()).toEqual([
      'farm.feature',
      'farm.reinstate',
      'farm.suspend',
    ]);
  });
});

it('lists featured farms near a place, and none far from it', async () => {
  const far = await send('guest', 'GET', '/api/farms/featured?lat=30.27&long=-97.74');
  expect(far.json().shops.map((f: { id: string }) => f.id)).not.toContain(farmId);
});

it('features a farmer, written to the audit log once', async () => {
  await send('admin', 'PATCH', `/api/admin/farmers/${cast.owner.id}`, { featured: true });
  await send('admin', 'PATCH', `/api/admin/farmers/${cast.owner.id}`, { featured: true });
  const farmer = await send('guest', 'GET', `/api/farmers/${cast.owner.id}`);
  expect(farmer.json().farmer.featured).toBe(true);
  const log = await send('admin', 'GET', `/api/admin/audit?subjectId=${cast.owner.id}`);
  expect(log.json().entries.map((e: { action: string }) => e.action)).toEqual(['farmer.feature']);
});

it('counts farms by status, people by role, and orders and sales of the last weeks', async () => {
  const res = await send('admin', 'GET', '/api/admin/overview');
  const body = res.json();
  expect(body.farms).toEqual({ active: 2, suspended: 0 });
  expect(body.farmers).toBeGreaterThanOrEqual(2);
  expect(body.weeks).toHaveLength(8);
  expect(body.weeks.at(-1)).toMatchObject({ orders: 1, sales: 12.5 });
});

describe('plans in the farm table and the overview', () => {
  /** A farmer with a farm, whose only subscription is moved to `plan` in `status`. */
  async function farmOnPlan(
    name: string,
    plan: {
      planId: 'starter' | 'basic' | 'pro';
      status: string;
      billingCycle: 'monthly' | 'annual';
    } | null,
  ) {
    const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', {
      plan: plan ? 'starter' : null,
    });
    const id = await createTestFarm(t, farmer, { name, location: here });
    if (plan) {
      const chosen = getPlan(plan.planId);
      await t.database.db
        .update(subscriptions)
        .set({
          planId: plan.planId,
          planName: chosen.name,
          status: plan.status as 'active',
          billingCycle: plan.billingCycle,
          priceCents: storedPriceCents(chosen, plan.billingCycle),
        })
        .where(eq(subscriptions.farmerId, farmer.id));
    }
    return { id, farmerId: farmer.id };
  }

  const table = (query: string) =>
    send('admin', 'GET', `/api/admin/dashboard/farms-management/get_farms?q=plan-test&${query}`);
  const shown = async (query: string) =>
    (await table(query))
      .json()
      .farms.map((farm: { name: string }) => farm.name)
      .sort();

  it('shows each farm’s plan and status, and filters by plan', async () => {
    const before = (await send('admin', 'GET', '/api/admin/overview')).json();
    await farmOnPlan('plan-test Annual Pro', {
      planId: 'pro',
      status: 'active',
      billingCycle: 'annual',
    });
    await farmOnPlan('plan-test Monthly Basic', {
      planId: 'basic',
      status: 'active',
      billingCycle: 'monthly',
    });
    await farmOnPlan('plan-test Basic Trial', {
      planId: 'basic',
      status: 'trial',
      billingCycle: 'monthly',
    });
    await farmOnPlan('plan-test Late Starter', {
      planId: 'starter',
      status: 'past_due',
      billingCycle: 'monthly',
    });
    const gone = await farmOnPlan('plan-test Left Starter', {
      planId: 'starter',
      status: 'cancelled',
      billingCycle: 'monthly',
    });
    await farmOnPlan('plan-test No Plan', null);

    const all = (await table('sort=name&order=asc')).json();
    expect(
      all.farms.map((farm: { name: string; subscription: object | null }) => [
        farm.name,
        farm.subscription,
      ]),
    ).toEqual([
      [
        'plan-test Annual Pro',
        { planId: 'pro', planName: 'Professional', status: 'active', billingCycle: 'annual' },
      ],
      [
        'plan-test Basic Trial',
        { planId: 'basic', planName: 'Basic', status: 'trial', billingCycle: 'monthly' },
      ],
      [
        'plan-test Late Starter',
        { planId: 'starter', planName: 'Starter', status: 'past_due', billingCycle: 'monthly' },
      ],
      [
        'plan-test Left Starter',
        { planId: 'starter', planName: 'Starter', status: 'cancelled', billingCycle: 'monthly' },
      ],
      [
        'plan-test Monthly Basic',
        { planId: 'basic', planName: 'Basic', status: 'active', billingCycle: 'monthly' },
      ],
      ['plan-test No Plan', null],
    ]);

    expect(await shown('plan=basic')).toEqual(['plan-test Basic Trial', 'plan-test Monthly Basic']);
    expect(await shown('plan=starter')).toEqual([
      'plan-test Late Starter',
      'plan-test Left Starter',
    ]);
    expect(await shown('plan=none')).toEqual(['plan-test No Plan']);
    const paged = (await table('plan=basic&pageSize=1')).json();
    expect(paged).toMatchObject({ total: 2, farms: [expect.anything()] });
    const wrong = await table('plan=gold');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([expect.objectContaining({ field: 'plan' })]);

    // A farmer who cancelled and came back shows the plan they are on now.
    await t.database.db.insert(subscriptions).values({
      ...(await t.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.farmerId, gone.farmerId))
        .then(([row]) => {
          if (!row) throw new Error('no subscription');
          const { id: _, ...rest } = row;
          return rest;
        })),
      planId: 'pro',
      planName: 'Professional',
      status: 'trial',
      priceCents: getPlan('pro').monthlyPriceCents,
      createdAt: new Date(Date.now() + 1000),
    });
    expect(await shown('plan=starter')).toEqual(['plan-test Late Starter']);
    expect(await shown('plan=pro')).toEqual(['plan-test Annual Pro', 'plan-test Left Starter']);

    // The overview: MRR from active plans only, an annual one at its annual price / 12.
    const after = (await send('admin', 'GET', '/api/admin/overview')).json();
    const cents = (dollars: number) => Math.round(dollars * 100);
    expect(cents(after.mrr) - cents(before.mrr)).toBe(Math.round(14500 / 12) + 999);
    expect(cents(after.trialMrr) - cents(before.trialMrr)).toBe(999 + 1499);
    const count = (body: typeof before, planId: string) =>
      body.subscriptionsByPlan.find((plan: { planId: string }) => plan.planId === planId);
    expect(count(after, 'basic').active - count(before, 'basic').active).toBe(1);
    expect(count(after, 'basic').trial - count(before, 'basic').trial).toBe(1);
    expect(count(after, 'starter').pastDue - count(before, 'starter').pastDue).toBe(1);
    expect(count(after, 'pro').trial - count(before, 'pro').trial).toBe(1);
    expect(after.subscriptionsByPlan.map((plan: { planId: string }) => plan.planId)).toEqual([
      'starter',
      'basic',
      'pro',
    ]);
  });

  it('reports MRR as the sum of the active subscriptions’ monthly prices', async () => {
    const rows = await t.database.db
      .select({ priceCents: subscriptions.priceCents })
      .from(subscriptions)
      .where(eq(subscriptions.status, 'active'));
    const body = (await send('admin', 'GET', '/api/admin/overview')).json();
    expect(rows.length).toBeGreaterThan(0);
    expect(Math.round(body.mrr * 100)).toBe(rows.reduce((sum, row) => sum + row.priceCents, 0));
    const perPlan = body.subscriptionsByPlan.reduce(
      (sum: number, plan: { mrr: number }) => sum + Math.round(plan.mrr * 100),
      0,
    );
    expect(perPlan).toBe(Math.round(body.mrr * 100));
  });
});
