import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestFarm } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { injectFile, makeImage } from '../../testing/uploads';
import { createTestUser, type TestUser } from '../../testing/users';
import { farmers } from '../farmers/farmers.schema';
import { subscriptions } from './subscriptions.schema';

const t = useTestApp();

const carrots = (n: number) => ({
  name: `Carrots ${n}`,
  price: 3.5,
  unit: 'bunch',
  categorySlug: 'vegetables',
  stock: 5,
  images: [],
});

async function farmerOn(plan: 'starter' | 'basic' | null) {
  const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', { plan: null });
  const farmId = await createTestFarm(t, farmer, {
    name: 'Limit Farm',
    location: { lat: 44, lng: -121 },
  });
  let subscriptionId: string | undefined;
  if (plan) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: farmer.headers,
      payload: { planId: plan, billingCycle: 'monthly' },
    });
    subscriptionId = res.json().subscription.id;
  }
  return { farmer, farmId, subscriptionId };
}

function addProduct(farmer: TestUser, farmId: string, n: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/product/create/${farmId}`,
    headers: farmer.headers,
    payload: carrots(n),
  });
}

describe('plan limits (product rules: plans and limits)', () => {
  it('asks a farmer without a plan to choose one before publishing', async () => {
    const { farmer, farmId } = await farmerOn(null);
    const res = await addProduct(farmer, farmId, 1);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'PLAN_REQUIRED' });
  });

  it('refuses product 11 on starter with the way up, and accepts it after upgrading to basic', async () => {
    const { farmer, farmId, subscriptionId } = await farmerOn('starter');
    for (let n = 1; n <= 10; n++)
      expect((await addProduct(farmer, farmId, n)).statusCode).toBe(201);
    const eleventh = await addProduct(farmer, farmId, 11);
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json()).toEqual({
      code: 'PRODUCT_LIMIT',
      message: 'Your Starter plan allows up to 10 products. Upgrade to Basic to add more.',
    });

    const upgrade = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${subscriptionId}/change-plan`,
      headers: farmer.headers,
      payload: { planId: 'basic', billingCycle: 'monthly' },
    });
    expect(upgrade.statusCode).toBe(200);
    expect((await addProduct(farmer, farmId, 11)).statusCode).toBe(201);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/current',
      headers: farmer.headers,
    });
    expect(current.json().subscription.usageStats.totalProducts).toBe(11);
  });

  it('counts products across all of a farmer’s farms, even added at once', async () => {
    const { farmer, farmId } = await farmerOn('starter');
    const second = await createTestFarm(t, farmer, {
      name: 'Second Field',
      location: { lat: 44, lng: -121 },
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => addProduct(farmer, n % 2 ? farmId : second, n)),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(10);
  });

  it('refuses an upload past the plan storage, naming the plan and the way up', async () => {
    const { farmer, farmId } = await farmerOn('starter');
    const created = await addProduct(farmer, farmId, 1);
    await t.database.db
      .update(farmers)
      .set({ storageUsedBytes: 200 * 2 ** 20 - 10 })
      .where(eq(farmers.id, farmer.id));
    const res = await injectFile(
      t,
      { url: `/api/products/${created.json().product.id}/images`, headers: farmer.headers },
      await makeImage('png'),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'STORAGE_LIMIT',
      message: 'Your Starter plan includes 200 MB of photo storage. Upgrade to Basic for 500 MB.',
    });
  });
});

describe('a farm whose plan is past due', () => {
  it('stays visible but takes no orders', async () => {
    const { farmer, farmId, subscriptionId } = await farmerOn('starter');
    const created = await addProduct(farmer, farmId, 1);
    const productId = created.json().product.id;
    await t.database.db
      .update(subscriptions)
      .set({ status: 'past_due' })
      .where(eq(subscriptions.id, subscriptionId ?? ''));
    const page = await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}` });
    expect(page.statusCode).toBe(200);
    const customer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'customer');
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.headers, 'idempotency-key': randomUUID() },
      payload: {
        items: [{ productId, quantity: 1 }],
        fulfilment: [{ farmId, method: 'pickup' }],
        payment: 'pay_at_pickup',
      },
    });
    expect(order.statusCode).toBe(409);
    expect(order.json().code).toBe('FARM_NOT_ACTIVE');
    expect((await addProduct(farmer, farmId, 2)).json().code).toBe('PLAN_REQUIRED');
  });
});
