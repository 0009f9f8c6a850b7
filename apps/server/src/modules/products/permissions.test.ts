import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ErrorCode, errors } from '@furrow/domain/errors';
import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { farmers, farms, products } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { injectFile, makeImage } from '../../testing/uploads';
import { useTestCast } from '../../testing/users';

/**
 * Acceptance (issue 4): every write of farms, products, stock, photos and farmer profiles, tried
 * by a guest, a customer, the owning farmer, another farmer and an admin. Each gets the expected
 * status and message, and a refused write changes nothing: no row, no stored file, no byte count.
 */

type Actor = 'guest' | 'customer' | 'owner' | 'otherFarmer' | 'admin';
const actors: Actor[] = ['guest', 'customer', 'owner', 'otherFarmer', 'admin'];

interface Fixture {
  farmId: string;
  productId: string;
  imageId: string;
}

type Method = 'POST' | 'PATCH' | 'DELETE';
type Expected = number | { status: number; message: string };

interface Write {
  name: string;
  method: Method;
  url(fixture: Fixture): string;
  body?: object;
  /** Sends the test photo as a multipart upload instead of a JSON body. */
  upload?: true;
  /** Status and message per actor; a bare number is a success. */
  expected: Record<Actor, Expected>;
}

const refused = (code: ErrorCode) => ({
  status: errors[code].status,
  message: errors[code].message,
});

/** A write on one farm or its products: its owner and admins may, everyone else gets the spec's 403. */
const ownerOrAdmin = (
  login: ErrorCode,
  notOwner: ErrorCode,
  success = 200,
): Record<Actor, Expected> => ({
  guest: refused(login),
  customer: refused(notOwner),
  owner: success,
  otherFarmer: refused(notOwner),
  admin: success,
});

/** A write of one's own as a farmer: every farmer (and an admin) may, a customer may not. */
const anyFarmer = (login: ErrorCode, success = 200): Record<Actor, Expected> => ({
  guest: refused(login),
  customer: refused('PERMISSION_DENIED'),
  owner: success,
  otherFarmer: success,
  admin: success,
});

const product = {
  name: 'Matrix beans',
  price: 2.5,
  unit: 'lb',
  categorySlug: 'vegetables',
  stock: 5,
};

const writes: Write[] = [
  {
    name: 'POST /api/shop/create',
    method: 'POST',
    url: () => '/api/shop/create',
    body: { name: 'Matrix Farm', location: { lat: 45.5, lng: -122.6 } },
    expected: anyFarmer('LOGIN_TO_MANAGE_FARMS', 201),
  },
  {
    name: 'PATCH /api/shop/{id}',
    method: 'PATCH',
    url: (f) => `/api/shop/${f.farmId}`,
    body: { name: 'Renamed' },
    expected: ownerOrAdmin('LOGIN_TO_MANAGE_FARMS', 'NOT_OWNER_FARM'),
  },
  {
    name: 'POST /api/shop/{id}/logo',
    method: 'POST',
    url: (f) => `/api/shop/${f.farmId}/logo`,
    upload: true,
    expected: ownerOrAdmin('LOGIN_TO_MANAGE_FARMS', 'NOT_OWNER_FARM'),
  },
  {
    name: 'DELETE /api/shop/{id}/logo',
    method: 'DELETE',
    url: (f) => `/api/shop/${f.farmId}/logo`,
    expected: ownerOrAdmin('LOGIN_TO_MANAGE_FARMS', 'NOT_OWNER_FARM'),
  },
  {
    name: 'POST /api/product/create/{farmId}',
    method: 'POST',
    url: (f) => `/api/product/create/${f.farmId}`,
    body: product,
    expected: ownerOrAdmin('LOGIN_TO_CREATE_PRODUCT', 'NOT_OWNER_CREATE_PRODUCT', 201),
  },
  {
    name: 'PATCH /api/products/{id}',
    method: 'PATCH',
    url: (f) => `/api/products/${f.productId}`,
    body: { price: 3 },
    expected: ownerOrAdmin('LOGIN_TO_UPDATE_PRODUCT', 'NOT_OWNER_UPDATE'),
  },
  {
    name: 'DELETE /api/products/{id}',
    method: 'DELETE',
    url: (f) => `/api/products/${f.productId}`,
    expected: ownerOrAdmin('LOGIN_TO_DELETE_PRODUCT', 'NOT_OWNER_DELETE'),
  },
  {
    name: 'POST /api/products/{id}/stock (delta)',
    method: 'POST',
    url: (f) => `/api/products/${f.productId}/stock`,
    body: { delta: -1 },
    expected: ownerOrAdmin('LOGIN_TO_UPDATE_STOCK', 'NOT_OWNER_STOCK'),
  },
  {
    name: 'POST /api/products/{id}/stock (set)',
    method: 'POST',
    url: (f) => `/api/products/${f.productId}/stock`,
    body: { stock: 9 },
    expected: ownerOrAdmin('LOGIN_TO_UPDATE_STOCK', 'NOT_OWNER_STOCK'),
  },
  {
    name: 'POST /api/products/{id}/images',
    method: 'POST',
    url: (f) => `/api/products/${f.productId}/images`,
    upload: true,
    expected: ownerOrAdmin('LOGIN_TO_UPDATE_PRODUCT', 'NOT_OWNER_UPDATE'),
  },
  {
    name: 'DELETE /api/products/{id}/images/{imageId}',
    method: 'DELETE',
    url: (f) => `/api/products/${f.productId}/images/${f.imageId}`,
    expected: ownerOrAdmin('LOGIN_TO_UPDATE_PRODUCT', 'NOT_OWNER_UPDATE'),
  },
  {
    // "me" is whoever asks: every farmer (and an admin) edits their own profile.
    name: 'PATCH /api/farmers/me',
    method: 'PATCH',
    url: () => '/api/farmers/me',
    body: { bio: 'Matrix bio' },
    expected: anyFarmer('LOGIN_TO_EDIT_FARMER_PROFILE'),
  },
  {
    name: 'POST /api/farmers/me/images/profile',
    method: 'POST',
    url: () => '/api/farmers/me/images/profile',
    upload: true,
    expected: anyFarmer('LOGIN_TO_EDIT_FARMER_PROFILE'),
  },
  {
    name: 'DELETE /api/farmers/me/images/logo',
    method: 'DELETE',
    url: () => '/api/farmers/me/images/logo',
    expected: anyFarmer('LOGIN_TO_EDIT_FARMER_PROFILE'),
  },
];

const t = useTestApp();
const cast = useTestCast(t);
let photo: Buffer;
beforeAll(async () => {
  photo = await makeImage('png');
});

async function send(
  actor: Actor,
  spec: { method: Method; url: string; body?: object; file?: Buffer },
) {
  const headers: Record<string, string> = actor === 'guest' ? {} : { ...cast[actor].headers };
  if (spec.file) return injectFile(t, { method: spec.method, url: spec.url, headers }, spec.file);
  return t.app.inject({ method: spec.method, url: spec.url, headers, payload: spec.body });
}

/** A fresh farm of the owner's with a logo, a product with a photo, and a logo on every farmer. */
async function makeFixture(): Promise<Fixture> {
  const farm = await send('owner', {
    method: 'POST',
    url: '/api/shop/create',
    body: { name: 'Owner Matrix Farm', location: { lat: 45.5, lng: -122.6 } },
  });
  const farmId: string = farm.json().shop.id;
  await send('owner', { method: 'POST', url: `/api/shop/${farmId}/logo`, file: photo });
  const created = await send('owner', {
    method: 'POST',
    url: `/api/product/create/${farmId}`,
    body: product,
  });
  const productId: string = created.json().product.id;
  const withPhoto = await send('owner', {
    method: 'POST',
    url: `/api/products/${productId}/images`,
    file: photo,
  });
  const imageId = String(withPhoto.json().product.images[0]).match(/([0-9a-f-]{36})-1200/)?.[1];
  for (const farmer of ['owner', 'otherFarmer', 'admin'] as const) {
    const res = await send(farmer, {
      method: 'POST',
      url: '/api/farmers/me/images/logo',
      file: photo,
    });
    expect(res.statusCode).toBe(200);
  }
  if (!imageId) throw new Error('fixture photo missing');
  return { farmId, productId, imageId };
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  } catch {
    return [];
  }
}

async function snapshot() {
  const { db } = t.database;
  return {
    farms: await db.select().from(farms).orderBy(asc(farms.id)),
    products: await db.select().from(products).orderBy(asc(products.id)),
    farmers: await db.select().from(farmers).orderBy(asc(farmers.id)),
    files: listFiles(join(t.config.DATA_DIR, 'uploads')),
  };
}

describe.each(writes)('$name', (write) => {
  it.each(actors)('as %s', async (actor) => {
    const fixture = await makeFixture();
    const before = await snapshot();
    const res = await send(actor, {
      method: write.method,
      url: write.url(fixture),
      body: write.body,
      file: write.upload && photo,
    });
    const expected = write.expected[actor];
    if (typeof expected === 'number') {
      expect(res.statusCode, res.body).toBe(expected);
      expect(res.json().message).toEqual(expect.any(String));
      expect(await snapshot()).not.toEqual(before);
    } else {
      expect(res.statusCode).toBe(expected.status);
      expect(res.json().message).toBe(expected.message);
      expect(await snapshot()).toEqual(before);
    }
  });
});

describe('refused writes on things that do not exist', () => {
  const missing = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['PATCH', `/api/products/${missing}`, { price: 1 }],
    ['DELETE', `/api/products/${missing}`, undefined],
    ['POST', `/api/products/${missing}/stock`, { delta: 1 }],
  ] as const)('%s %s answers 404 "Product not found" to a farmer', async (method, url, body) => {
    const res = await send('otherFarmer', { method, url, body });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });

  it('PATCH /api/shop/{unknown} answers 404 "Farm not found"', async () => {
    const res = await send('owner', {
      method: 'PATCH',
      url: `/api/shop/${missing}`,
      body: { name: 'x' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Farm not found');
  });
});
