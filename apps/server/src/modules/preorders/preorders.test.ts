import { addLocalDays, farmTimeToInstant, instantToFarmTime } from '@furrow/domain/farm-time';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { unsubscribe } from '../../domain-events/subscribers';
import { subscribeAll } from '../../event-subscribers';
import { jobs } from '../../jobs/jobs.schema';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, type TestUser, useTestCast } from '../../testing/users';
import { stockAdded } from '../inventory';
import { products } from '../products/products.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';

const t = useTestApp();
const cast = useTestCast(t);

const timeZone = 'America/Chicago';
let farmId: string;
let shoppers: TestUser[];
beforeAll(async () => {
  farmId = await createTestFarm(t, cast.owner, {
    name: 'Harvest Farm',
    location: { lat: 30.27, lng: -97.74 },
    timeZone,
    pickupWindows: [{ kind: 'weekly', day: 'saturday', from: '09:00', to: '12:00', place: 'Barn' }],
  });
  shoppers = await Promise.all(
    [1, 2, 3].map(() => createTestUser(t.database.db, t.config.JWT_SECRET, 'customer')),
  );
});

function today(): string {
  return instantToFarmTime(new Date(), timeZone).date;
}

function product(stock: number, availableFrom?: string) {
  return createTestProduct(t, cast.owner, farmId, {
    name: 'Strawberries',
    price: 5,
    unit: 'pint',
    categorySlug: 'fruit',
    stock,
    availableFrom,
  });
}

function preorder(user: TestUser, productId: string, quantity: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/preorders',
    headers: user.headers,
    payload: { productId, quantity },
  });
}

function restock(productId: string, delta: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/stock`,
    headers: cast.owner.headers,
    payload: { delta },
  });
}

async function listOf(user: TestUser, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/preorders${query}`,
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().preOrders as { id: string; status: string; order: { id: string } | null }[];
}

describe('pre-orders', () => {
  it('fill only when they hear that stock was added', async () => {
    const id = await product(0);
    const [a] = shoppers as [TestUser];
    expect((await preorder(a, id, 1)).statusCode).toBe(201);
    expect(unsubscribe(stockAdded, 'preorders.fill')).toBe(true);
    try {
      expect((await restock(id, 2)).json().product.stock).toBe(2);
      expect((await listOf(a)).find((p) => p.status === 'pending')).toBeDefined();
    } finally {
      subscribeAll({ publicUrl: t.config.PUBLIC_URL });
    }
    expect((await restock(id, 1)).json().product.stock).toBe(2);
  });

  it('fill oldest first when stock arrives: of 2, 4 and 1 waiting, 5 units fill the 2 and the 1', async () => {
    const id = await product(0);
    const [a, b, c] = shoppers as [TestUser, TestUser, TestUser];
    const ids: string[] = [];
    for (const [user, quantity] of [
      [a, 2],
      [b, 4],
      [c, 1],
    ] as const) {
      const res = await preorder(user, id, quantity);
      expect(res.statusCode).toBe(201);
      expect(res.json().preOrder).toMatchObject({ status: 'pending', quantity });
      ids.push(res.json().preOrder.id);
    }

    const res = await restock(id, 5);
    expect(res.statusCode).toBe(200);
    expect(res.json().product.stock).toBe(2);

    const [first] = await listOf(a);
    const [second] = await listOf(b);
    const [third] = await listOf(c);
    expect([first?.status, second?.status, third?.status]).toEqual(['filled', 'pending', 'filled']);

    const order = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${first?.order?.id}`,
      headers: a.headers,
    });
    expect(order.json().order).toMatchObject({
      status: 'placed',
      payment: 'pay_at_pickup',
      preorderId: ids[0],
      lines: [{ productId: id, quantity: 2, price: 5 }],
      fulfilment: { method: 'pickup', slot: { place: 'Barn', from: '09:00' } },
      history: [{ status: 'placed', byRole: null }],
    });

    // The next delivery serves the 4 that waited.
    expect((await restock(id, 2)).json().product.stock).toBe(0);
    expect((await listOf(b))[0]?.status).toBe('filled');
  });

  it('fill at once when a waiting one is made small enough for the stock that is there', async () => {
    const id = await product(0);
    const shopper = await createTestUser(t.database.db, t.config.JWT_SECRET, 'customer');
    const asked = (await preorder(shopper, id, 5)).json().preOrder;
    expect((await restock(id, 3)).json().product.stock).toBe(3);
    expect((await listOf(shopper))[0]?.status).toBe('pending');

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/preorders/${asked.id}`,
      headers: shopper.headers,
      payload: { productId: id, quantity: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().preOrder).toMatchObject({ status: 'filled', quantity: 2 });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row?.stock).toBe(1);
  });

  it('wait while the farm has no current plan, since such a farm takes no orders', async () => {
    const id = await product(0);
    const shopper = await createTestUser(t.database.db, t.config.JWT_SECRET, 'customer');
    expect((await preorder(shopper, id, 1)).statusCode).toBe(201);
    const ownPlan = eq(subscriptions.farmerId, cast.owner.id);
    const [plan] = await t.database.db.select().from(subscriptions).where(ownPlan);
    await t.database.db.update(subscriptions).set({ status: 'past_due' }).where(ownPlan);
    try {
      expect((await restock(id, 4)).json().product.stock).toBe(4);
      expect((await listOf(shopper))[0]?.status).toBe('pending');
    } finally {
      await t.database.db.update(subscriptions).set({ status: plan?.status }).where(ownPlan);
    }
    // Once the plan is paid again, the next delivery fills it.
    expect((await restock(id, 1)).json().product.stock).toBe(4);
    expect((await listOf(shopper))[0]?.status).toBe('filled');
  });

  it('are only for products sold out or not yet harvested, and only for customers', async () => {
    const inStock = await product(3);
    const refused = await preorder(cast.customer, inStock, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PREORDER_NOT_ALLOWED');

    const upcoming = await product(10, addLocalDays(today(), 10));
    expect((await preorder(cast.customer, upcoming, 1)).statusCode).toBe(201);
    // Stock of an upcoming product is kept for its harvest day: adding more fills nothing yet.
    expect((await restock(upcoming, 5)).json().product.stock).toBe(15);

    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/preorders',
      payload: { productId: upcoming, quantity: 1 },
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('You must be logged in to pre-order');
    expect((await preorder(cast.owner, upcoming, 1)).statusCode).toBe(403);
  });

  it('fill when the harvest day comes, by a job queued for its start on the farm clock', async () => {
    const harvest = addLocalDays(today(), 3);
    const id = await product(3, harvest);
    const shopper = await createTestUser(t.database.db, t.config.JWT_SECRET, 'customer');
    await preorder(shopper, id, 2);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'fill-preorders'), sql`${jobs.payload}->>'productId' = ${id}`));
    expect(job?.runAt.toISOString()).toBe(
      farmTimeToInstant(harvest, '00:00', timeZone).toISOString(),
    );

    // Three days pass: the product is harvested and its job falls due.
    await t.database.db.update(products).set({ availableFrom: today() }).where(eq(products.id, id));
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(eq(jobs.id, job?.id ?? ''));
    await t.app.jobs.drain();
    expect((await listOf(shopper))[0]?.status).toBe('filled');
    const [row] = await t.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, id));
    expect(row?.stock).toBe(1);
  });

  it('fill at once when the farmer brings the harvest day forward to today', async () => {
    const id = await product(3, addLocalDays(today(), 3));
    const shopper = await createTestUser(t.database.db, t.config.JWT_SECRET, 'customer');
    await preorder(shopper, id, 2);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: cast.owner.headers,
      payload: { availableFrom: today() },
    });
    expect(moved.json().product.stock).toBe(1);
    expect((await listOf(shopper))[0]?.status).toBe('filled');
  });

  it('are replaced and cancelled by their customer while pending, and by no one else', async () => {
    const id = await product(0);
    const other = await product(0);
    const created = (await preorder(cast.customer, id, 2)).json().preOrder;
    const put = (user: TestUser, body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/preorders/${created.id}`,
        headers: user.headers,
        payload: body,
      });
    expect((await put(shoppers[0] as TestUser, { productId: id, quantity: 1 })).statusCode).toBe(
      404,
    );
    const replaced = await put(cast.customer, { productId: other, quantity: 3 });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().preOrder).toMatchObject({ quantity: 3, product: { id: other } });

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/preorders/${created.id}`,
      headers: cast.customer.headers,
    });
    expect(cancel.json().preOrder.status).toBe('cancelled');
    expect((await restock(other, 5)).json().product.stock).toBe(5);
    expect((await put(cast.customer, { productId: other, quantity: 1 })).json().code).toBe(
      'PREORDER_NOT_PENDING',
    );

    // The farmer sees the pre-orders of their products.
    const farmerView = await listOf(cast.owner, `?productId=${other}`);
    expect(farmerView.map((row) => row.id)).toEqual([created.id]);
    expect(await listOf(cast.otherFarmer, `?productId=${other}`)).toEqual([]);
  });

  it('take the stock a cancelled order returns', async () => {
    const id = await product(1);
    const placed = await placeOrder(t, cast.customer, {
      items: [{ productId: id, quantity: 1 }],
      fulfilment: [{ farmId, method: 'pickup', slotId: await firstSlot() }],
    });
    expect(placed.statusCode).toBe(201);
    const waiting = await createTestUser(t.database.db, t.config.JWT_SECRET, 'customer');
    await preorder(waiting, id, 1);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${placed.json().orders[0].id}/status`,
      headers: cast.customer.headers,
      payload: { status: 'cancelled' },
    });
    expect((await listOf(waiting))[0]?.status).toBe('filled');
  });
});

describe(`pre-order fills that race (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('fill each pre-order once when restocks arrive together', async () => {
    const id = await product(0);
    const waiting = await Promise.all(
      Array.from({ length: 8 }, () =>
        createTestUser(t.database.db, t.config.JWT_SECRET, 'customer'),
      ),
    );
    for (const user of waiting) expect((await preorder(user, id, 1)).statusCode).toBe(201);
    const answers = await Promise.all(Array.from({ length: 10 }, () => restock(id, 1)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const rows = await listOf(cast.owner, `?productId=${id}`);
    expect(rows.map((row) => row.status)).toEqual(Array(8).fill('filled'));
    expect(new Set(rows.map((row) => row.order?.id)).size).toBe(8);
    const [left] = await t.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, id));
    expect(left?.stock).toBe(2);
  });
});

async function firstSlot(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}/pickup-slots` });
  return res.json().slots[0].id;
}
