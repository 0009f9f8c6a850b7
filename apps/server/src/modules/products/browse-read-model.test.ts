import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { type TestUser, useTestCast } from '../../testing/users';
import { nearbyFarms } from './browse.service';
import { FARMS_CHANGED_CHANNEL, nearbyFarmsFromMemory } from './nearby-farms-index';

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
    farm: { id: string };
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

  it('finds the farms, their order and their distances that the database finds', async () => {
    for (const [lat, long] of [
      [here.lat, here.lng],
      [45.6, -122.7],
      [45.0, -122.0],
    ] as const) {
      for (const radiusKm of [1, 10, 50, 100]) {
        const fromSql = await nearbyFarms(t.database.db, { lat, long, radiusKm });
        const fromMemory = await nearbyFarmsFromMemory(t.database.db, { lat, long, radiusKm });
        expect(fromMemory).toEqual(fromSql);
      }
    }
  });

  it('hears of a farm write another process made, through the database notification', async () => {
    const id = await product('Other process honey');
    expect((await browse()).map((p) => p.id)).toContain(id);
    // What another process's `farmsChanged` does: the write and the notification, committed together.
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
