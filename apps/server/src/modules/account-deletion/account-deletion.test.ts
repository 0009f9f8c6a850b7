import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { errors } from '@furrow/domain/errors';
import { formatOrderNumber } from '@furrow/domain/order-numbers';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../adapters/passwords';
import { localDiskStorage } from '../../adapters/storage';
import { withTransaction } from '../../db/transaction';
import { jobs } from '../../jobs/jobs.schema';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { memoryMailer } from '../../testing/mailer';
import { pickupCart, placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { injectFile, makeImage } from '../../testing/uploads';
import { createTestUser, type TestUser, useTestCast } from '../../testing/users';
import { farmDailyStats } from '../analytics/analytics.schema';
import { auditLog } from '../audit/audit.schema';
import { events } from '../events/events.schema';
import { farmers } from '../farmers/farmers.schema';
import { farms, pickupWindows } from '../farms/farms.schema';
import { orderItems, orderStatusHistory, orders } from '../orders/orders.schema';
import { preorders } from '../preorders/preorders.schema';
import { products } from '../products/products.schema';
import {
  billingRecords,
  paymentMethods,
  subscriptions,
} from '../subscriptions/subscriptions.schema';
import { users } from '../users/users.schema';
import { removeFarmerFiles, removeFarmerRecords } from './farmer-deletion.workflow';

const PASSWORD = 'deletion-password-42';
const dataDir = `/tmp/furrow-test-${randomBytes(6).toString('hex')}`;
const uploads = join(dataDir, 'uploads');
const disk = localDiskStorage(uploads);
/** The disk, able to fail its next folder removal: a process cut off between the two steps. */
let failNextRemoval = false;
const storage = {
  ...disk,
  async deleteFolder(folder: string) {
    if (failNextRemoval) {
      failNextRemoval = false;
      throw new Error('the disk went away');
    }
    await disk.deleteFolder(folder);
  },
};
const mail = memoryMailer();
const t = useTestApp({ DATA_DIR: dataDir }, { storage, mailer: mail });
const cast = useTestCast(t);

let photo: Buffer;
beforeAll(async () => {
  photo = await makeImage('png');
});

/** A farmer with a password, a farm with a logo, a product with a photo, an event and own images. */
async function stockedFarmer(user?: TestUser): Promise<{ user: TestUser; farmId: string }> {
  const farmer = user ?? (await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer'));
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, farmer.id));
  const farmId = await createTestFarm(t, farmer, {
    name: 'Doomed Acres',
    location: { lat: 45.5, lng: -122.6 },
  });
  const productId = await createTestProduct(t, farmer, farmId, {
    name: 'Last beans',
    price: 2,
    unit: 'lb',
    categorySlug: 'vegetables',
    stock: 3,
  });
  const uploadsOf = [
    `/api/shop/${farmId}/logo`,
    `/api/products/${productId}/images`,
    '/api/farmers/me/images/logo',
    '/api/farmers/me/images/profile',
  ];
  for (const url of uploadsOf) {
    const res = await injectFile(t, { url, headers: farmer.headers }, photo);
    expect(res.statusCode, res.body).toBe(200);
  }
  const soon = Date.now() + 48 * 3_600_000;
  const event = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: farmer.headers,
    payload: {
      farmId,
      title: 'Goodbye picnic',
      startsAt: new Date(soon).toISOString(),
      endsAt: new Date(soon + 3_600_000).toISOString(),
      place: 'Orchard',
    },
  });
  expect(event.statusCode).toBe(201);
  return { user: farmer, farmId };
}

function filesOf(farmerId: string): string[] {
  try {
    return readdirSync(join(uploads, 'farmers', farmerId));
  } catch {
    return [];
  }
}

async function rowsOf(farmerId: string) {
  const { db } = t.database;
  return {
    users: await db.select().from(users).where(eq(users.id, farmerId)),
    farmers: await db.select().from(farmers).where(eq(farmers.id, farmerId)),
    farms: await db.select().from(farms).where(eq(farms.farmerId, farmerId)).orderBy(asc(farms.id)),
    products: await db
      .select()
      .from(products)
      .where(eq(products.farmerId, farmerId))
      .orderBy(asc(products.id)),
    events: await db
      .select()
      .from(events)
      .where(eq(events.farmerId, farmerId))
      .orderBy(asc(events.id)),
    files: filesOf(farmerId).sort(),
  };
}

function deleteOwn(user: TestUser, body: object = { password: PASSWORD }) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/farmers/me',
    headers: user.headers,
    payload: body,
  });
}

describe('a farmer deleting their account', () => {
  it('removes exactly their rows and files, and nobody else’s', async () => {
    const doomed = await stockedFarmer();
    const other = await stockedFarmer(cast.otherFarmer);
    const before = await rowsOf(doomed.user.id);
    expect(before.files.length).toBe(8); // four images, each large and thumbnail
    expect(before.products).toHaveLength(1);
    expect(before.events).toHaveLength(1);
    const othersBefore = await rowsOf(other.user.id);

    const res = await deleteOwn(doomed.user);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();

    expect(await rowsOf(doomed.user.id)).toEqual({
      users: [],
      farmers: [],
      farms: [],
      products: [],
      events: [],
      files: [],
    });
    expect(await rowsOf(other.user.id)).toEqual(othersBefore);

    // The session ends with the account, and the password signs in no more.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: doomed.user.headers });
    expect(me.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: doomed.user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, doomed.user.id));
    expect(entry).toMatchObject({
      action: 'farmer.delete',
      actorId: null,
      actorEmail: doomed.user.email,
      before: { farms: 1, products: 1, events: 1 },
      after: null,
    });
  });

  it('asks for the password and changes nothing when it is wrong', async () => {
    const farmer = await stockedFarmer();
    const before = await rowsOf(farmer.user.id);
    const res = await deleteOwn(farmer.user, { password: 'not-it' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'password', message: 'is not correct' }]);
    const missing = await deleteOwn(farmer.user, {});
    expect(missing.statusCode).toBe(400);
    expect(await rowsOf(farmer.user.id)).toEqual(before);
  });

  it('is refused while an order is open, listing it, and changes nothing', async () => {
    const farmer = await stockedFarmer();
    const [order] = await t.database.db
      .insert(orders)
      .values({
        customerId: cast.customer.id,
        farmId: farmer.farmId,
        farmName: 'Test farm',
        fulfilmentMethod: 'pickup',
        payment: 'pay_at_pickup',
        fulfilmentDate: '2026-11-20',
        totalCents: 400,
        status: 'confirmed',
      })
      .returning({ number: orders.number });
    const before = await rowsOf(farmer.user.id);
    const res = await deleteOwn(farmer.user);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: errors.ACCOUNT_HAS_OPEN_ORDERS.message,
      details: [
        { field: 'orders', message: `Order ${formatOrderNumber(order?.number ?? 0)} is confirmed` },
      ],
    });
    await t.app.jobs.drain();
    expect(await rowsOf(farmer.user.id)).toEqual(before);
  });

  it('is not open to customers or admins through /farmers/me', async () => {
    expect((await deleteOwn(cast.customer)).statusCode).toBe(403);
    expect((await deleteOwn(cast.admin)).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'DELETE',
      url: '/api/farmers/me',
      payload: { password: 'x' },
    });
    expect(guest.statusCode).toBe(401);
  });
});

/** Every row a farmer's deletion could touch, in a stable order. */
async function everyRow() {
  const { db } = t.database;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    farmers: await db.select().from(farmers).orderBy(asc(farmers.id)),
    farms: await db.select().from(farms).orderBy(asc(farms.id)),
    products: await db.select().from(products).orderBy(asc(products.id)),
    events: await db.select().from(events).orderBy(asc(events.id)),
    pickupWindows: await db.select().from(pickupWindows).orderBy(asc(pickupWindows.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    orderItems: await db.select().from(orderItems).orderBy(asc(orderItems.id)),
    history: await db.select().from(orderStatusHistory).orderBy(asc(orderStatusHistory.id)),
    preorders: await db.select().from(preorders).orderBy(asc(preorders.id)),
    // Without the usage counters: the API call counter adds to them on its own clock.
    subscriptions: (await db.select().from(subscriptions).orderBy(asc(subscriptions.id))).map(
      ({ usageStats: _, ...subscription }) => subscription,
    ),
    billingRecords: await db.select().from(billingRecords).orderBy(asc(billingRecords.id)),
    paymentMethods: await db.select().from(paymentMethods).orderBy(asc(paymentMethods.id)),
    farmDailyStats: await db
      .select()
      .from(farmDailyStats)
      .orderBy(asc(farmDailyStats.farmId), asc(farmDailyStats.day)),
  };
}

/** What `everyRow` should read once `farmerId` is deleted: their rows gone, their orders parted. */
function withoutFarmer(rows: Awaited<ReturnType<typeof everyRow>>, farmerId: string) {
  const farmIds = rows.farms.filter((f) => f.farmerId === farmerId).map((f) => f.id);
  const productIds = rows.products.filter((p) => p.farmerId === farmerId).map((p) => p.id);
  const subscriptionIds = rows.subscriptions
    .filter((s) => s.farmerId === farmerId)
    .map((s) => s.id);
  return {
    users: rows.users.filter((u) => u.id !== farmerId),
    farmers: rows.farmers.filter((f) => f.id !== farmerId),
    farms: rows.farms.filter((f) => f.farmerId !== farmerId),
    products: rows.products.filter((p) => p.farmerId !== farmerId),
    events: rows.events.filter((e) => e.farmerId !== farmerId),
    pickupWindows: rows.pickupWindows.filter((w) => !farmIds.includes(w.farmId)),
    orders: rows.orders.map((o) =>
      o.farmId !== null && farmIds.includes(o.farmId) ? { ...o, farmId: null } : o,
    ),
    orderItems: rows.orderItems.map((i) =>
      i.productId !== null && productIds.includes(i.productId) ? { ...i, productId: null } : i,
    ),
    // The timeline keeps who moved the order by role; the account itself is gone.
    history: rows.history.map((h) => (h.byUserId === farmerId ? { ...h, byUserId: null } : h)),
    preorders: rows.preorders.filter((p) => !productIds.includes(p.productId)),
    subscriptions: rows.subscriptions.filter((s) => s.farmerId !== farmerId),
    billingRecords: rows.billingRecords.filter((b) => !subscriptionIds.includes(b.subscriptionId)),
    paymentMethods: rows.paymentMethods.filter((m) => m.farmerId !== farmerId),
    farmDailyStats: rows.farmDailyStats.filter((s) => !farmIds.includes(s.farmId)),
  };
}

function moveOrder(user: TestUser, id: string, status: string, reason?: string) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${id}/status`,
    headers: user.headers,
    payload: { status, reason },
  });
}

/**
 * A stocked farmer whose farm sold to the customer: one order completed, one cancelled, both
 * through the API; with pickup windows, a payment method and a customer's pending pre-order.
 */
async function farmerWithHistory(user?: TestUser, { open = false } = {}) {
  const stocked = await stockedFarmer(user);
  const { db } = t.database;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.farmId, stocked.farmId));
  if (!product) throw new Error('the stocked farm has no product');
  const orderIds: string[] = [];
  for (const _ of open ? [1, 2, 3] : [1, 2]) {
    const placed = await placeOrder(
      t,
      cast.customer,
      pickupCart(stocked.farmId, [{ productId: product.id, quantity: 1 }]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    orderIds.push(placed.json().orders[0].id);
  }
  const [completed = '', cancelled = '', placed = ''] = orderIds;
  for (const status of ['confirmed', 'ready', 'completed']) {
    expect((await moveOrder(stocked.user, completed, status)).statusCode).toBe(200);
  }
  expect(
    (await moveOrder(cast.customer, cancelled, 'cancelled', 'Changed my mind')).statusCode,
  ).toBe(200);
  await db.insert(pickupWindows).values({
    farmId: stocked.farmId,
    kind: 'weekly',
    day: 'saturday',
    from: '09:00',
    to: '12:00',
  });
  await db
    .insert(paymentMethods)
    .values({ farmerId: stocked.user.id, type: 'card', last4: '4242' });
  await db
    .insert(preorders)
    .values({ customerId: cast.customer.id, productId: product.id, quantity: 1 });
  return { ...stocked, completed, cancelled, placed };
}

function readOrder(user: TestUser, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: user.headers });
}

describe('a farmer whose farms have only past orders', () => {
  it('deletes their account; the customer keeps the orders, with the farm’s name', async () => {
    const doomed = await farmerWithHistory();
    await farmerWithHistory(cast.otherFarmer);
    const before = await everyRow();
    const shown = (await readOrder(cast.customer, doomed.completed)).json().order;

    const res = await deleteOwn(doomed.user);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();

    // Exactly the farmer's rows went, and their orders were parted from the farm and products.
    expect(await everyRow()).toEqual(withoutFarmer(before, doomed.user.id));
    // The customer whose pre-order went with the products is told.
    const withdrawn = mail.sent.filter(
      (m) =>
        m.to === cast.customer.email &&
        m.subject === 'Your pre-order from Doomed Acres is withdrawn',
    );
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]?.text).toContain('1 × Last beans (lb)');
    expect((await rowsOf(doomed.user.id)).files).toEqual([]);

    for (const id of [doomed.completed, doomed.cancelled]) {
      const read = await readOrder(cast.customer, id);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().order.farm).toEqual({ id: null, name: 'Doomed Acres' });
      expect(read.json().order.lines).toEqual([
        expect.objectContaining({ productId: null, name: 'Last beans', unit: 'lb', quantity: 1 }),
      ]);
    }
    // Only the link is gone: everything else the customer saw is as it was.
    const after = (await readOrder(cast.customer, doomed.completed)).json().order;
    expect(after).toEqual({
      ...shown,
      farm: { id: null, name: shown.farm.name },
      lines: shown.lines.map((line: object) => ({ ...line, productId: null })),
      fulfilment: { ...shown.fulfilment, instructions: '' },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/orders?limit=100',
      headers: cast.customer.headers,
    });
    expect(list.statusCode).toBe(200);
    const listed = list
      .json()
      .orders.filter((order: { id: string }) =>
        [doomed.completed, doomed.cancelled].includes(order.id),
      );
    expect(listed.map((order: { status: string }) => order.status).sort()).toEqual([
      'cancelled',
      'completed',
    ]);
    // A customer's cancelled order cannot be moved again, now as before.
    expect((await moveOrder(cast.customer, doomed.cancelled, 'placed')).statusCode).toBe(409);
  });

  it('with one order still open is refused, and nothing changes', async () => {
    const farmer = await farmerWithHistory(undefined, { open: true });
    const [open] = await t.database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, farmer.placed));
    const before = await everyRow();
    const files = filesOf(farmer.user.id).sort();

    const res = await deleteOwn(farmer.user);
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([
      { field: 'orders', message: `Order ${formatOrderNumber(open?.number ?? 0)} is placed` },
    ]);
    await t.app.jobs.drain();
    expect(await everyRow()).toEqual(before);
    expect(filesOf(farmer.user.id).sort()).toEqual(files);
  });

  it('cut off after the first step, ends complete when run again', async () => {
    const farmer = await farmerWithHistory();
    const before = await everyRow();
    failNextRemoval = true;
    await withTransaction(t.database.db, (tx) =>
      removeFarmerRecords(
        tx,
        farmer.user.id,
        { id: cast.admin.id, email: cast.admin.email },
        t.config.PUBLIC_URL,
      ),
    );
    await t.app.jobs.drain();
    expect(await everyRow()).toEqual(withoutFarmer(before, farmer.user.id));
    expect(filesOf(farmer.user.id).length).toBe(8);

    await removeFarmerFiles(storage, farmer.user.id);
    expect(filesOf(farmer.user.id)).toEqual([]);
    expect(await everyRow()).toEqual(withoutFarmer(before, farmer.user.id));
    const read = await readOrder(cast.customer, farmer.completed);
    expect(read.json().order.farm).toEqual({ id: null, name: 'Doomed Acres' });
    await t.database.db.delete(jobs).where(inArray(jobs.kind, ['farmer.remove-files']));
  });
});

describe('a deletion cut off after its first step', () => {
  it('has removed the rows and queued the files; run again, it ends complete', async () => {
    const farmer = await stockedFarmer();
    failNextRemoval = true;
    await withTransaction(t.database.db, (tx) =>
      removeFarmerRecords(
        tx,
        farmer.user.id,
        { id: cast.admin.id, email: cast.admin.email },
        t.config.PUBLIC_URL,
      ),
    );
    await t.app.jobs.drain();
    // The first step is whole: no row is left; the files are, with their removal still queued.
    const cut = await rowsOf(farmer.user.id);
    expect({ ...cut, files: [] }).toEqual({
      users: [],
      farmers: [],
      farms: [],
      products: [],
      events: [],
      files: [],
    });
    expect(cut.files.length).toBe(8);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, 'farmer.remove-files'));
    expect(queued).toEqual([
      expect.objectContaining({
        status: 'queued',
        payload: { farmerId: farmer.user.id },
        lastError: 'the disk went away',
      }),
    ]);

    // Run again (as the queue will once the retry is due), twice for good measure.
    await removeFarmerFiles(storage, farmer.user.id);
    await removeFarmerFiles(storage, farmer.user.id);
    expect(await rowsOf(farmer.user.id)).toEqual({
      users: [],
      farmers: [],
      farms: [],
      products: [],
      events: [],
      files: [],
    });

    // The first step again finds nothing to do, and the admin route says so.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/farmers/${farmer.user.id}`,
      headers: cast.admin.headers,
    });
    expect(again.statusCode).toBe(404);
    await t.database.db.delete(jobs).where(inArray(jobs.kind, ['farmer.remove-files']));
  });
});

it('lets an admin delete a farmer, recorded with the admin as actor', async () => {
  const farmer = await stockedFarmer();
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/admin/farmers/${farmer.user.id}`,
    headers: cast.admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.jobs.drain();
  expect((await rowsOf(farmer.user.id)).files).toEqual([]);
  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectId, farmer.user.id));
  expect(entry).toMatchObject({ actorId: cast.admin.id, actorEmail: cast.admin.email });
});
