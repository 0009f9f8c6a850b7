import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { unsubscribe } from '../../domain-events/subscribers';
import { subscribeAll } from '../../event-subscribers';
import { shownProducts } from '../../policy/scopes';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { pickupCart, placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, type TestUser, useTestCast } from '../../testing/users';
import { farmsChanged } from '../farms';
import { productsChanged } from '../inventory';
import { applyPlanLimit } from '../subscriptions';
import { nearbyFarms } from './browse.service';
import { FARMS_CHANGED_CHANNEL, nearbyFarmsFromMemory } from './nearby-farms-index';
import { products } from './products.schema';
import {
  FARM_PRODUCTS_CHANGED_CHANNEL,
  fillFarmProducts,
  forgetFarmProducts,
  holdShownProducts,
  isFilling,
} from './shown-products-index';

// Browse reads the active farms from memory (nearby-farms-index.ts): every write that changes what
// browse shows must show on the very next browse, in this process and in the others.

const t = useTestApp();
const cast = useTestCast(t);

const here = { lat: 45.52, lng: -122.68 };
let farmId: string;
beforeAll(async () => {
  farmId = await createTestFarm(t, cast.owner, { name: 'Read Model Acres', location: here });
});

const send = (user: TestUser, method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: user.headers, payload });

const stockOf = (list: { id: string; stock: number }[], id: string) =>
  list.find((p) => p.id === id)?.stock;

/** The database's `current_date` plus `days`, as `YYYY-MM-DD`. */
async function dayAfterToday(days: number): Promise<string> {
  const result = await t.database.db.execute(
    sql`select (current_date + ${days}::integer)::text as day`,
  );
  return (result as unknown as { rows: { day: string }[] }).rows[0]?.day ?? '';
}

async function browse(app = t.app, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/products?lat=${here.lat}&long=${here.lng}&limit=200${query}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().products as {
    id: string;
    name: string;
    stock: number;
    price: number;
    farm: { id: string; name: string };
    farmer: { name: string };
    distanceKm: number;
  }[];
}

const setStatus = (status: 'active' | 'suspended') =>
  send(cast.admin, 'PATCH', `/api/admin/farms/${farmId}`, {
    status,
    ...(status === 'suspended' ? { reason: 'Checking the read model' } : {}),
  });

const product = (name: string, stock = 5) =>
  createTestProduct(t, cast.owner, farmId, {
    name,
    price: 3,
    unit: 'jar',
    categorySlug: 'honey-preserves',
    stock,
  });

describe('browse after a write', () => {
  it('shows a new product, a stock change and a hidden product on the next browse', async () => {
    await browse();
    const id = await product('Fresh read model honey');
    expect((await browse()).find((p) => p.id === id)?.stock).toBe(5);

    await send(cast.owner, 'POST', `/api/products/${id}/stock`, { stock: 2 });
    expect((await browse()).find((p) => p.id === id)?.stock).toBe(2);

    await send(cast.owner, 'POST', `/api/products/${id}/visibility`, { hidden: true });
    expect((await browse()).map((p) => p.id)).not.toContain(id);
  });

  it('keeps serving its copy when it does not hear that the products changed', async () => {
    const id = await product('Unheard read model honey');
    expect(stockOf(await browse(), id)).toBe(5);
    expect(unsubscribe(productsChanged, 'browse.products')).toBe(true);
    try {
      await send(cast.owner, 'POST', `/api/products/${id}/stock`, { stock: 2 });
      expect(stockOf(await browse(), id)).toBe(5);
    } finally {
      subscribeAll({ publicUrl: t.config.PUBLIC_URL });
    }
    await send(cast.owner, 'POST', `/api/products/${id}/stock`, { stock: 1 });
    expect(stockOf(await browse(), id)).toBe(1);
  });

  it('keeps its nearby farms when it does not hear that the farms changed', async () => {
    const id = await product('Unheard suspended jam');
    expect((await browse()).map((p) => p.id)).toContain(id);
    expect(unsubscribe(farmsChanged, 'browse.farms')).toBe(true);
    try {
      expect((await setStatus('suspended')).statusCode).toBe(200);
      expect((await browse()).map((p) => p.id)).toContain(id);
    } finally {
      subscribeAll({ publicUrl: t.config.PUBLIC_URL });
      expect((await setStatus('active')).statusCode).toBe(200);
    }
  });

  it('drops a suspended farm, shows it again when reinstated, and shows a new farm and a moved one', async () => {
    const id = await product('Suspended read model jam');
    expect((await browse()).map((p) => p.id)).toContain(id);

    expect((await setStatus('suspended')).statusCode).toBe(200);
    expect((await browse()).map((p) => p.id)).not.toContain(id);
    expect((await setStatus('active')).statusCode).toBe(200);
    expect((await browse()).map((p) => p.id)).toContain(id);

    const otherFarm = await createTestFarm(t, cast.otherFarmer, {
      name: 'New Read Model Farm',
      location: { lat: 45.6, lng: -122.68 },
    });
    const otherProduct = await createTestProduct(t, cast.otherFarmer, otherFarm, {
      name: 'Newcomer honey',
      price: 3,
      unit: 'jar',
      categorySlug: 'honey-preserves',
      stock: 4,
    });
    const found = (await browse()).find((p) => p.id === otherProduct);
    expect(found?.distanceKm).toBe(8.9);

    const moved = await send(cast.otherFarmer, 'PATCH', `/api/shop/${otherFarm}`, {
      location: { lat: 46.5, lng: -122.68, country: 'US' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await browse()).map((p) => p.id)).not.toContain(otherProduct);
  });

  it('shows a bulk stock change, a checkout and its cancellation on the next browse', async () => {
    const id = await product('Bulk read model jam', 10);
    expect(stockOf(await browse(), id)).toBe(10);

    const bulk = await send(cast.owner, 'PATCH', `/api/farms/${farmId}/stock`, {
      lines: [{ productId: id, stock: 7 }],
    });
    expect(bulk.statusCode).toBe(200);
    expect(stockOf(await browse(), id)).toBe(7);

    const placed = await placeOrder(
      t,
      cast.customer,
      pickupCart(farmId, [{ productId: id, quantity: 3 }]),
    );
    expect(placed.statusCode).toBe(201);
    expect(stockOf(await browse(), id)).toBe(4);

    const orderId = placed.json().orders[0].id;
    const cancelled = await send(cast.customer, 'PATCH', `/api/orders/${orderId}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(stockOf(await browse(), id)).toBe(7);
  });

  it('shows an edit and a product shown again, and drops a deleted product', async () => {
    const id = await product('Edited read model honey');
    expect((await browse()).map((p) => p.id)).toContain(id);

    const edited = await send(cast.owner, 'PATCH', `/api/products/${id}`, {
      name: 'Renamed read model honey',
      price: 4.5,
    });
    expect(edited.statusCode).toBe(200);
    const found = (await browse()).find((p) => p.id === id);
    expect([found?.name, found?.price]).toEqual(['Renamed read model honey', 4.5]);

    await send(cast.owner, 'POST', `/api/products/${id}/visibility`, { hidden: true });
    expect((await browse()).map((p) => p.id)).not.toContain(id);
    await send(cast.owner, 'POST', `/api/products/${id}/visibility`, { hidden: false });
    expect((await browse()).map((p) => p.id)).toContain(id);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: cast.owner.headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await browse()).map((p) => p.id)).not.toContain(id);
  });

  it('drops what a plan that lapsed to a smaller one hides, and shows it again when it returns', async () => {
    const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer');
    const shop = await createTestFarm(t, farmer, {
      name: 'Plan Read Model Farm',
      location: here,
    });
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      ids.push(
        await createTestProduct(t, farmer, shop, {
          name: `Plan jar ${i}`,
          price: 2,
          unit: 'jar',
          categorySlug: 'honey-preserves',
          stock: 3,
        }),
      );
    }
    const newest = ids[ids.length - 1] as string;
    expect((await browse()).map((p) => p.id)).toContain(newest);

    const changePlan = (plan: string) =>
      withTransaction(t.database.db, async (tx) => {
        await tx.execute(
          sql`update subscriptions set plan_id = ${plan} where farmer_id = ${farmer.id}`,
        );
        await applyPlanLimit(tx, farmer.id, new Date());
      });
    await changePlan('starter');
    expect((await browse()).map((p) => p.id)).not.toContain(newest);
    await changePlan('pro');
    expect((await browse()).map((p) => p.id)).toContain(newest);
  });

  it('shows a renamed farm and a renamed farmer on the next browse', async () => {
    const id = await product('Renamed farm honey');
    expect((await browse()).find((p) => p.id === id)?.farm.name).toBe('Read Model Acres');

    const renamed = await send(cast.owner, 'PATCH', `/api/shop/${farmId}`, {
      name: 'Read Model Meadows',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await browse()).find((p) => p.id === id)?.farm.name).toBe('Read Model Meadows');

    const me = await send(cast.owner, 'PATCH', '/api/me', { firstName: 'Opal' });
    expect(me.statusCode).toBe(200);
    expect((await browse()).find((p) => p.id === id)?.farmer.name).toBe('Opal Owner');
  });

  it('puts an upcoming product on sale when its day comes, with no write', async () => {
    const [sold, upcoming] = [await product('Day change jam'), await product('Day change plums')];
    const tomorrow = await dayAfterToday(1);
    // Cheaper, but not for sale before tomorrow: what can be bought today comes first.
    await send(cast.owner, 'PATCH', `/api/products/${upcoming}`, {
      availableFrom: tomorrow,
      price: 2,
    });
    const order = (list: { id: string }[]) =>
      list.map((p) => p.id).filter((p) => p === sold || p === upcoming);
    expect(order(await browse(t.app, '&sort=price'))).toEqual([sold, upcoming]);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 24 * 3600 * 1000 });
    try {
      expect(order(await browse(t.app, '&sort=price'))).toEqual([upcoming, sold]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('finds the farms, their order and their distances that the database finds', async () => {
    for (const [lat, long] of [
      [here.lat, here.lng],
      [45.6, -122.7],
      [45.0, -122.0],
    ] as const) {
      for (const radiusKm of [1, 10, 50, 100]) {
        const fromSql = await nearbyFarms(t.database.db, { lat, long, radiusKm });
        const nearby = await nearbyFarmsFromMemory(t.database.db, { lat, long, radiusKm });
        expect(nearby.nearest(nearby.count)).toEqual(fromSql);
        // The nearest few, picked without sorting the rest, are the first of the same order.
        expect(nearby.nearest(2)).toEqual(fromSql.slice(0, 2));
      }
    }
  });

  it('hears of a farm write another process made, through the database notification', async () => {
    const id = await product('Other process honey');
    expect((await browse()).map((p) => p.id)).toContain(id);
    // What another process's `forgetFarms` does: the write and the notification, committed together.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update farms set status = 'suspended' where id = ${farmId}`);
      await tx.execute(sql`select pg_notify(${FARMS_CHANGED_CHANNEL}, '')`);
    });
    await expect.poll(async () => (await browse()).map((p) => p.id)).not.toContain(id);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update farms set status = 'active' where id = ${farmId}`);
      await tx.execute(sql`select pg_notify(${FARMS_CHANGED_CHANNEL}, '')`);
    });
    await expect.poll(async () => (await browse()).map((p) => p.id)).toContain(id);
  });

  it('hears of a product write another process made, through the database notification', async () => {
    const id = await product('Other process plums', 6);
    expect(stockOf(await browse(), id)).toBe(6);
    // What another process's `forgetFarmProducts` does: the write and the notification, together.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update products set stock = 2 where id = ${id}`);
      await tx.execute(sql`select pg_notify(${FARM_PRODUCTS_CHANGED_CHANNEL}, ${farmId})`);
    });
    await expect.poll(async () => stockOf(await browse(), id)).toBe(2);
  });

  it('serves the farms the start-up fill read from memory', async () => {
    const id = await product('Filled quince', 4);
    const filled = await fillFarmProducts(t.database.db);
    expect(filled.farms).toBeGreaterThan(0);
    expect(filled.products).toBeGreaterThanOrEqual(filled.farms);
    // A change made behind browse's back (no notification) shows only that the copy answered.
    await t.database.db.execute(sql`update products set stock = 1 where id = ${id}`);
    expect(stockOf(await browse(), id)).toBe(4);
    await forgetFarmProducts(t.database.db, { farmIds: [farmId] });
    expect(stockOf(await browse(), id)).toBe(1);
  });

  it('fills a catalogue larger than its bound with the first products of as many farms as fit', async () => {
    const db = t.database.db;
    await product('Overflow pears', 3);
    const [row] = await db.select({ shown: count() }).from(products).where(shownProducts());
    const shown = row?.shown ?? 0;
    // One product too many to hold every farm whole: each farm is held by its first six.
    holdShownProducts(db, shown - 1);
    try {
      const filling = fillFarmProducts(db);
      expect(isFilling(db)).toBe(true);
      const { farms: read } = await filling;
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThanOrEqual(Math.floor((shown - 1) / 6));
      expect(isFilling(db)).toBe(false);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().browse).toBe('ready');
    } finally {
      holdShownProducts(db, Number.MAX_SAFE_INTEGER);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  let second: { app: Awaited<ReturnType<typeof buildApp>>; database: Database };
  beforeAll(async () => {
    const result = await t.database.db.execute(sql`select current_database() as name`);
    const [row] = (result as unknown as { rows: { name: string }[] }).rows;
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${row?.name}`;
    const database = await openDatabase({ url: url.toString(), onIdleError: () => {} });
    const app = await buildApp({ config: t.config, database });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
  });

  it('shows in the second instance what the first one wrote', async () => {
    const id = await product('Seen from afar honey');
    expect((await browse(second.app)).map((p) => p.id)).toContain(id);

    await send(cast.owner, 'POST', `/api/products/${id}/stock`, { stock: 1 });
    expect((await browse(second.app)).find((p) => p.id === id)?.stock).toBe(1);

    expect((await setStatus('suspended')).statusCode).toBe(200);
    await expect.poll(async () => (await browse(second.app)).map((p) => p.id)).not.toContain(id);
    expect((await setStatus('active')).statusCode).toBe(200);
    await expect.poll(async () => (await browse(second.app)).map((p) => p.id)).toContain(id);
  });
});
