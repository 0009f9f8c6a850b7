import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { errors } from '@furrow/domain/errors';
import { formatOrderNumber } from '@furrow/domain/order-numbers';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../adapters/passwords';
import { localDiskStorage } from '../../adapters/storage';
import { auditLog, events, farmers, farms, jobs, orders, products, users } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { injectFile, makeImage } from '../../testing/uploads';
import { createTestUser, type TestUser, useTestCast } from '../../testing/users';
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
const t = useTestApp({ DATA_DIR: dataDir }, { storage });
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

describe('a deletion cut off after its first step', () => {
  it('has removed the rows and queued the files; run again, it ends complete', async () => {
    const farmer = await stockedFarmer();
    failNextRemoval = true;
    await withTransaction(t.database.db, (tx) =>
      removeFarmerRecords(tx, farmer.user.id, { id: cast.admin.id, email: cast.admin.email }),
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
