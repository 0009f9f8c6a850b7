import { dayOf } from '@furrow/domain/analytics';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { unsubscribe } from '../../domain-events/subscribers';
import { subscribeAll } from '../../event-subscribers';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { pickupCart, placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { useTestCast } from '../../testing/users';
import { orderPlaced } from '../orders';
import { farmDailyStats } from './analytics.schema';

const t = useTestApp();
const cast = useTestCast(t);

let farmId: string;
let productId: string;
beforeAll(async () => {
  farmId = await createTestFarm(t, cast.owner, {
    name: 'Counting Farm',
    location: { lat: 45.5, lng: -122.6 },
  });
  productId = await createTestProduct(t, cast.owner, farmId, {
    name: 'Beets',
    price: 2.5,
    unit: 'bunch',
    categorySlug: 'vegetables',
    stock: 100,
  });
});

function analytics(headers: Record<string, string> = cast.owner.headers, id = farmId) {
  return t.app.inject({ method: 'GET', url: `/api/farms/${id}/analytics`, headers });
}

async function today() {
  const res = await analytics();
  expect(res.statusCode).toBe(200);
  const { days } = res.json();
  return days.at(-1);
}

async function currentUsage() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/subscriptions/current',
    headers: cast.owner.headers,
  });
  return res.json().subscription.usageStats.analyticsUsage;
}

describe('GET /api/farms/{id}/analytics', () => {
  it('answers the last 30 days, oldest first, with zeros for quiet days', async () => {
    const res = await analytics();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.farmId).toBe(farmId);
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1).date).toBe(dayOf(new Date()));
    expect(body.days[0]).toMatchObject({ views: 0, orders: 0, revenue: 0 });
  });

  it("counts visitors' reads of the farm page and its product pages, not the owner's", async () => {
    const before = await today();
    await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}` });
    await t.app.inject({
      method: 'GET',
      url: `/api/farms/${farmId}`,
      headers: cast.customer.headers,
    });
    await t.app.inject({ method: 'GET', url: `/api/products/${productId}` });
    await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}`, headers: cast.owner.headers });
    await t.app.inject({
      method: 'GET',
      url: `/api/products/${productId}`,
      headers: cast.owner.headers,
    });
    await t.app.views.flush();
    const after = await today();
    expect(after.farmViews - before.farmViews).toBe(2);
    expect(after.productViews - before.productViews).toBe(1);
    expect(after.views - before.views).toBe(3);
  });

  it('counts an order placed and its value, and takes it off again when it is cancelled', async () => {
    const before = await today();
    const usageBefore = await currentUsage();
    const placed = await placeOrder(
      t,
      cast.customer,
      pickupCart(farmId, [{ productId, quantity: 4 }]),
    );
    expect(placed.statusCode).toBe(201);
    const afterOrder = await today();
    expect(afterOrder.orders - before.orders).toBe(1);
    expect(afterOrder.revenue - before.revenue).toBeCloseTo(10, 2);
    const usage = await currentUsage();
    expect(usage.conversions - usageBefore.conversions).toBe(1);
    expect(usage.revenue - usageBefore.revenue).toBeCloseTo(10, 2);

    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${placed.json().orders[0].id}/status`,
      headers: cast.customer.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    const afterCancel = await today();
    expect(afterCancel.orders).toBe(before.orders);
    expect(afterCancel.revenue).toBeCloseTo(before.revenue, 2);
  });

  it('counts an order only when it hears that the order was placed', async () => {
    expect(unsubscribe(orderPlaced, 'analytics.placed')).toBe(true);
    try {
      const before = await today();
      const placed = await placeOrder(
        t,
        cast.customer,
        pickupCart(farmId, [{ productId, quantity: 1 }]),
      );
      expect(placed.statusCode).toBe(201);
      expect((await today()).orders).toBe(before.orders);
    } finally {
      subscribeAll({ publicUrl: t.config.PUBLIC_URL });
    }
  });

  it('fills usageStats.analyticsUsage with the last 30 days of the farmer’s farms', async () => {
    await t.database.db
      .insert(farmDailyStats)
      .values({ farmId, day: '2000-01-01', farmViews: 500, orders: 50, revenueCents: 99_00 });
    const { totals } = (await analytics()).json();
    expect(await currentUsage()).toEqual({
      views: totals.views,
      conversions: totals.conversions,
      revenue: totals.revenue,
    });
    await t.database.db.delete(farmDailyStats).where(eq(farmDailyStats.day, '2000-01-01'));
  });

  it('is for the owner and admins: a guest must sign in, to others the farm is not found', async () => {
    expect((await analytics(cast.admin.headers)).statusCode).toBe(200);
    const guest = await analytics({});
    expect(guest.statusCode).toBe(401);
    for (const user of [cast.customer, cast.otherFarmer]) {
      const res = await analytics(user.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Farm not found');
    }
    const missing = await analytics(cast.owner.headers, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await analytics(cast.owner.headers, 'not-a-uuid')).statusCode).toBe(400);
  });
});
