import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { errors } from '@furrow/domain/errors';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farmers, farms, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { makeImage, multipartFile } from '../../testing/uploads';
import { createTestCast, type TestUser } from '../../testing/users';

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

interface Write {
  name: string;
  request(
    fixture: Fixture,
  ): Promise<{ method: 'POST' | 'PATCH' | 'DELETE'; url: string; body?: object; file?: Buffer }>;
  /** Status and message per actor; a bare number is a success. */
  expected: Record<Actor, number | { status: number; message: string }>;
}

const refused = (code: keyof typeof errors) => ({
  status: errors[code].status,
  message: errors[code].message,
});

const product = {
  name: 'Matrix beans',
  price: 2.5,
  unit: 'lb',
  categorySlug: 'vegetables',
  stock: 5,
};
let photo: Buffer;

const writes: Write[] = [
  {
    name: 'POST /api/shop/create',
    request: async () => ({
      method: 'POST',
      url: '/api/shop/create',
      body: { name: 'Matrix Farm', location: { lat: 45.5, lng: -122.6 } },
    }),
    expected: {
      guest: refused('LOGIN_TO_MANAGE_FARMS'),
      customer: refused('PERMISSION_DENIED'),
      owner: 201,
      otherFarmer: 201,
      admin: 201,
    },
  },
  {
    name: 'PATCH /api/shop/{id}',
    request: async (f) => ({
      method: 'PATCH',
      url: `/api/shop/${f.farmId}`,
      body: { name: 'Renamed' },
    }),
    expected: {
      guest: refused('LOGIN_TO_MANAGE_FARMS'),
      customer: refused('NOT_OWNER_FARM'),
      owner: 200,
      otherFarmer: refused('NOT_OWNER_FARM'),
      admin: 200,
    },
  },
  {
    name: 'POST /api/shop/{id}/logo',
    request: async (f) => ({ method: 'POST', url: `/api/shop/${f.farmId}/logo`, file: photo }),
    expected: {
      guest: refused('LOGIN_TO_MANAGE_FARMS'),
      customer: refused('NOT_OWNER_FARM'),
      owner: 200,
      otherFarmer: refused('NOT_OWNER_FARM'),
      admin: 200,
    },
  },
  {
    name: 'DELETE /api/shop/{id}/logo',
    request: async (f) => ({ method: 'DELETE', url: `/api/shop/${f.farmId}/logo` }),
    expected: {
      guest: refused('LOGIN_TO_MANAGE_FARMS'),
      customer: refused('NOT_OWNER_FARM'),
      owner: 200,
      otherFarmer: refused('NOT_OWNER_FARM'),
      admin: 200,
    },
  },
  {
    name: 'POST /api/product/create/{farmId}',
    request: async (f) => ({
      method: 'POST',
      url: `/api/product/create/${f.farmId}`,
      body: product,
    }),
    expected: {
      guest: refused('LOGIN_TO_CREATE_PRODUCT'),
      customer: refused('NOT_OWNER_CREATE_PRODUCT'),
      owner: 201,
      otherFarmer: refused('NOT_OWNER_CREATE_PRODUCT'),
      admin: 201,
    },
  },
  {
    name: 'PATCH /api/products/{id}',
    request: async (f) => ({
      method: 'PATCH',
      url: `/api/products/${f.productId}`,
      body: { price: 3 },
    }),
    expected: {
      guest: refused('LOGIN_TO_UPDATE_PRODUCT'),
      customer: refused('NOT_OWNER_UPDATE'),
      owner: 200,
      otherFarmer: refused('NOT_OWNER_UPDATE'),
      admin: 200,
    },
  },
  {
    name: 'DELETE /api/products/{id}',
    request: async (f) => ({ method: 'DELETE', url: `/api/products/${f.productId}` }),
    expected: {
      guest: refused('LOGIN_TO_DELETE_PRODUCT'),
      customer: refused('NOT_OWNER_DELETE'),
      owner: 200,
      otherFarmer: refused('NOT_OWNER_DELETE'),
      admin: 200,
    },
  },
  {
    name: 'POST /api/products/{id}/stock (delta)',
    request: async (f) => ({
      method: 'POST',
      url: `/api/products/${f.productId}/stock`,
      body: { delta: -1 },
    }),
    expected: {
      guest: refused('LOGIN_TO_UPDATE_STOCK'),
      customer: refused('NOT_OWNER_STOCK'),
      owner: 200,
      otherFarmer: refused('NOT_OWNER_STOCK'),
      admin: 200,
    },
  },
  {
    name: 'POST /api/products/{id}/stock (set)',
    request: async (f) => ({
      method: 'POST',
      url: `/api/products/${f.productId}/stock`,
      body: { stock: 9 },
    }),
    expected: {
      guest: refused('LOGIN_TO_UPDATE_STOCK'),
      customer: refused('NOT_OWNER_STOCK'),
      owner: 200,
      otherFarmer: refused('NOT_OWNER_STOCK'),
      admin: 200,
    },
  },
  {
    name: 'POST /api/products/{id}/images',
    request: async (f) => ({
      method: 'POST',
      url: `/api/products/${f.productId}/images`,
      file: photo,
    }),
    expected: {
      guest: refused('LOGIN_TO_UPDATE_PRODUCT'),
      customer: refused('NOT_OWNER_UPDATE'),
      owner: 200,
      otherFarmer: refused('NOT_OWNER_UPDATE'),
      admin: 200,
    },
  },
  {
    name: 'DELETE /api/products/{id}/images/{imageId}',
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/products/${f.productId}/images/${f.imageId}`,
    }),
    expected: {
      guest: refused('LOGIN_TO_UPDATE_PRODUCT'),
      customer: refused('NOT_OWNER_UPDATE'),
      owner: 200,
      otherFarmer: refused('NOT_OWNER_UPDATE'),
      admin: 200,
    },
  },
  {
    // "me" is whoever asks: every farmer (and an admin) edits their own profile.
    name: 'PATCH /api/farmers/me',
    request: async () => ({ method: 'PATCH', url: '/api/farmers/me', body: { bio: 'Matrix bio' } }),
    expected: {
      guest: refused('LOGIN_TO_EDIT_FARMER_PROFILE'),
      customer: refused('PERMISSION_DENIED'),
      owner: 200,
      otherFarmer: 200,
      admin: 200,
    },
  },
  {
    name: 'POST /api/farmers/me/images/profile',
    request: async () => ({ method: 'POST', url: '/api/farmers/me/images/profile', file: photo }),
    expected: {
      guest: refused('LOGIN_TO_EDIT_FARMER_PROFILE'),
      customer: refused('PERMISSION_DENIED'),
      owner: 200,
      otherFarmer: 200,
      admin: 200,
    },
  },
  {
    name: 'DELETE /api/farmers/me/images/logo',
    request: async () => ({ method: 'DELETE', url: '/api/farmers/me/images/logo' }),
    expected: {
      guest: refused('LOGIN_TO_EDIT_FARMER_PROFILE'),
      customer: refused('PERMISSION_DENIED'),
      owner: 200,
      otherFarmer: 200,
      admin: 200,
    },
  },
];

let t: TestApp;
let cast: Record<Exclude<Actor, 'guest'>, TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createTestCast(t.database.db, t.config.JWT_SECRET);
  photo = await makeImage('png');
});
afterAll(() => t.close());

async function send(
  actor: Actor,
  spec: { method: 'POST' | 'PATCH' | 'DELETE'; url: string; body?: object; file?: Buffer },
) {
  const headers: Record<string, string> = actor === 'guest' ? {} : { ...cast[actor].headers };
  if (spec.file) {
    const upload = multipartFile(spec.file);
    return t.app.inject({
      method: spec.method,
      url: spec.url,
      headers: { ...headers, ...upload.headers },
      payload: upload.payload,
    });
  }
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
    const res = await send(actor, await write.request(fixture));
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
