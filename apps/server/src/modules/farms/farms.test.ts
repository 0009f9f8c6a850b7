import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { injectFile, makeImage } from '../../testing/uploads';
import { createTestUser, type TestUser, useTestCast } from '../../testing/users';
import { farmers } from '../farmers/farmers.schema';
import { farms } from './farms.schema';

const t = useTestApp();
const cast = useTestCast(t);

const sauvie = {
  name: 'Sauvie Test Farm',
  description: 'Greens on the island.',
  address: { line: '1 Island Rd', city: 'Portland', region: 'OR', postalCode: '97231' },
  location: { lat: 45.6187, lng: -122.8154 },
  pickup: { enabled: true, instructions: 'By the red barn' },
  delivery: { enabled: true, radiusKm: 20 },
  contact: { email: 'hello@sauvie.test', phone: '+1 503 555 0100', website: 'https://sauvie.test' },
};

async function createFarm(user: TestUser, body: object = sauvie) {
  return t.app.inject({
    method: 'POST',
    url: '/api/shop/create',
    headers: user.headers,
    payload: body,
  });
}

describe('POST /api/shop/create', () => {
  it('creates a farm for the farmer and answers 201 { message, shop }', async () => {
    const res = await createFarm(cast.owner);
    expect(res.statusCode).toBe(201);
    const { message, shop } = res.json();
    expect(message).toBe('Farm created');
    expect(shop).toMatchObject({
      id: expect.any(String),
      farmerId: cast.owner.id,
      name: 'Sauvie Test Farm',
      address: { line: '1 Island Rd', city: 'Portland', region: 'OR', postalCode: '97231' },
      location: { lat: 45.6187, lng: -122.8154, country: 'US' },
      pickup: { enabled: true, instructions: 'By the red barn' },
      delivery: { enabled: true, radiusKm: 20 },
      status: 'active',
      stripeCustomerId: '',
      productCount: 0,
      logo: null,
      cover: null,
      farmer: { id: cast.owner.id, name: 'Olive Owner' },
    });
    // The first farm names the farmer's record (its farmName).
    const [farmer] = await t.database.db
      .select()
      .from(farmers)
      .where(eq(farmers.id, cast.owner.id));
    expect(farmer?.farmName).toBe('Sauvie Test Farm');
  });

  it('needs only a name and a location; the rest has sensible defaults', async () => {
    const res = await createFarm(cast.owner, { name: 'Tiny', location: { lat: 30.2, lng: -97.7 } });
    expect(res.statusCode).toBe(201);
    expect(res.json().shop).toMatchObject({
      description: '',
      address: { line: '', city: '', region: '', postalCode: '' },
      pickup: { enabled: true, instructions: '' },
      delivery: { enabled: false, radiusKm: 0 },
      contact: { email: '', phone: '', website: '' },
    });
  });

  it('creates the farmers row when a farmer account has none', async () => {
    const bare = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', {
      withFarmerRow: false,
    });
    const res = await createFarm(bare);
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.select().from(farmers).where(eq(farmers.id, bare.id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ ...sauvie, name: '' }, 'name'],
    [{ ...sauvie, name: 'x'.repeat(101) }, 'name'],
    [{ ...sauvie, location: { lat: 91, lng: 0 } }, 'location.lat'],
    [{ ...sauvie, location: undefined }, 'location'],
    [{ ...sauvie, delivery: { enabled: true, radiusKm: 0 } }, 'delivery.radiusKm'],
    [{ ...sauvie, delivery: { enabled: true, radiusKm: 501 } }, 'delivery.radiusKm'],
    [{ ...sauvie, contact: { email: 'not-an-email' } }, 'contact.email'],
    [{ ...sauvie, logo: '/etc/passwd' }, 'logo'],
  ])('refuses a bad farm with a 400 naming the field (%#)', async (body, field) => {
    const before = await t.database.db.select().from(farms);
    const res = await createFarm(cast.owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await t.database.db.select().from(farms)).toEqual(before);
  });

  it("refuses another farmer's logo", async () => {
    const other = await createFarm(cast.otherFarmer);
    const shopId = other.json().shop.id;
    const logo = await injectFile(
      t,
      { url: `/api/shop/${shopId}/logo`, headers: cast.otherFarmer.headers },
      await makeImage(),
    );
    expect(logo.statusCode).toBe(200);
    const res = await createFarm(cast.owner, { ...sauvie, logo: logo.json().shop.logo });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Photos must be ones you uploaded to Furrow');
  });
});

describe('reading farms', () => {
  let farmId: string;
  let farmer: TestUser;
  beforeAll(async () => {
    farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer');
    farmId = (await createFarm(farmer)).json().shop.id;
    await createFarm(farmer, { ...sauvie, name: 'Second field' });
    await t.database.db
      .update(farms)
      .set({ status: 'suspended' })
      .where(eq(farms.name, 'Second field'));
  });

  it("GET /api/shop/get_all answers the caller's own farms as { shops }", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop/get_all',
      headers: farmer.headers,
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().shops.map((s: { name: string }) => s.name);
    expect(names).toEqual(['Sauvie Test Farm', 'Second field']);
  });

  it("with ?farmerId= answers that farmer's active farms to others, all to admins", async () => {
    const url = `/api/shop/get_all?farmerId=${farmer.id}`;
    const asCustomer = await t.app.inject({ method: 'GET', url, headers: cast.customer.headers });
    expect(asCustomer.json().shops.map((s: { name: string }) => s.name)).toEqual([
      'Sauvie Test Farm',
    ]);
    expect(asCustomer.json().shops[0].stripeCustomerId).toBe('');
    const asAdmin = await t.app.inject({ method: 'GET', url, headers: cast.admin.headers });
    expect(asAdmin.json().shops).toHaveLength(2);
  });

  it('a customer owns no farms; a guest must sign in to ask for their own', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/shop/get_all',
      headers: cast.customer.headers,
    });
    expect(mine.json()).toEqual({ shops: [] });
    const guest = await t.app.inject({ method: 'GET', url: '/api/shop/get_all' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('No user logged in');
  });

  it('GET /api/shop/single/{id} answers { shop }, and 404 for unknown or suspended farms', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/single/${farmId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().shop.id).toBe(farmId);
    const [suspended] = await t.database.db
      .select()
      .from(farms)
      .where(eq(farms.name, 'Second field'));
    const hidden = await t.app.inject({ method: 'GET', url: `/api/shop/single/${suspended?.id}` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Farm not found');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/shop/single/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/shop/single/nope' });
    expect(malformed.statusCode).toBe(400);
  });

  it('GET /api/farms/{id} is public and carries the products', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/product/create/${farmId}`,
      headers: farmer.headers,
      payload: { name: 'Kale', price: 3.5, unit: 'bunch', categorySlug: 'vegetables', stock: 4 },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}` });
    expect(res.statusCode).toBe(200);
    const { farm, products } = res.json();
    expect(farm).toMatchObject({ id: farmId, productCount: 1 });
    expect(products).toEqual([
      expect.objectContaining({ name: 'Kale', price: 3.5, stock: 4, inStock: true, farmId }),
    ]);
  });

  it('GET /api/farms/{id} carries its farmer as GET /api/farmers/{id} shows them to the same caller', async () => {
    for (const headers of [undefined, farmer.headers]) {
      const page = await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}`, headers });
      const profile = await t.app.inject({
        method: 'GET',
        url: `/api/farmers/${farmer.id}`,
        headers,
      });
      expect(page.json().farmer).toEqual(profile.json().farmer);
    }
    const asGuest = await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}` });
    expect(asGuest.json().farmer).toMatchObject({ id: farmer.id, email: null, farmCount: 2 });
  });
});

describe('PATCH /api/shop/{id}', () => {
  it('changes only what is sent, nested groups included', async () => {
    const farmId = (await createFarm(cast.owner)).json().shop.id;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/shop/${farmId}`,
      headers: cast.owner.headers,
      payload: {
        description: 'New story',
        delivery: { radiusKm: 35 },
        address: { city: 'Scappoose' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Farm updated');
    expect(res.json().shop).toMatchObject({
      name: 'Sauvie Test Farm',
      description: 'New story',
      delivery: { enabled: true, radiusKm: 35 },
      address: { line: '1 Island Rd', city: 'Scappoose', region: 'OR' },
    });
  });

  it('refuses to turn delivery on without a radius, and an empty change', async () => {
    const farmId = (
      await createFarm(cast.owner, { name: 'No delivery', location: { lat: 1, lng: 1 } })
    ).json().shop.id;
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/shop/${farmId}`,
      headers: cast.owner.headers,
      payload: { delivery: { enabled: true } },
    });
    expect(on.statusCode).toBe(400);
    expect(on.json().details[0].field).toBe('delivery.radiusKm');
    const empty = await t.app.inject({
      method: 'PATCH',
      url: `/api/shop/${farmId}`,
      headers: cast.owner.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('farm logos', () => {
  it('stores the logo as two WebP files, serves them with long cache headers, and counts the bytes', async () => {
    const farmId = (await createFarm(cast.owner)).json().shop.id;
    const res = await injectFile(
      t,
      { url: `/api/shop/${farmId}/logo`, headers: cast.owner.headers },
      await makeImage('jpeg', { width: 1600, height: 900 }),
      { filename: 'logo.jpg', contentType: 'image/jpeg' },
    );
    expect(res.statusCode).toBe(200);
    const logo: string = res.json().shop.logo;
    expect(logo).toMatch(
      new RegExp(`^/uploads/farmers/${cast.owner.id}/[0-9a-f-]{36}-1200\\.webp$`),
    );
    const served = await t.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/webp');
    const thumb = await t.app.inject({
      method: 'GET',
      url: logo.replace('-1200.webp', '-400.webp'),
    });
    expect(thumb.statusCode).toBe(200);
    const [farmer] = await t.database.db
      .select()
      .from(farmers)
      .where(eq(farmers.id, cast.owner.id));
    expect(farmer?.storageUsedBytes).toBe(served.rawPayload.length + thumb.rawPayload.length);

    // Removing it deletes the files and gives the bytes back.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/shop/${farmId}/logo`,
      headers: cast.owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().shop.logo).toBeNull();
    const file = join(t.config.DATA_DIR, 'uploads', logo.replace('/uploads/', ''));
    expect(existsSync(file)).toBe(false);
    const [after] = await t.database.db.select().from(farmers).where(eq(farmers.id, cast.owner.id));
    expect(after?.storageUsedBytes).toBe(0);
  });

  it('keeps a wide cover beside the logo, each replaced and removed on its own', async () => {
    const farmId = (await createFarm(cast.owner)).json().shop.id;
    const upload = async (kind: 'logo' | 'cover', width: number) =>
      injectFile(
        t,
        { url: `/api/shop/${farmId}/${kind}`, headers: cast.owner.headers },
        await makeImage('png', { width, height: 500 }),
        { filename: `${kind}.png`, contentType: 'image/png' },
      );
    const logo = await upload('logo', 500);
    const cover = await upload('cover', 1200);
    expect(cover.statusCode).toBe(200);
    expect(cover.json()).toMatchObject({
      message: 'Cover updated',
      shop: { logo: logo.json().shop.logo, cover: expect.stringMatching(/^\/uploads\//) },
    });
    const page = await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}` });
    expect(page.json().farm.cover).toBe(cover.json().shop.cover);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/shop/${farmId}/cover`,
      headers: cast.owner.headers,
    });
    expect(removed.json()).toMatchObject({
      message: 'Cover removed',
      shop: { cover: null, logo: logo.json().shop.logo },
    });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/shop/${farmId}/cover`,
      headers: cast.owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('GET /api/geo/lookup', () => {
  it('finds a ZIP code and a "City, ST"', async () => {
    const zip = await t.app.inject({ method: 'GET', url: '/api/geo/lookup?q=97231' });
    expect(zip.statusCode).toBe(200);
    expect(zip.json()).toMatchObject({
      label: 'Portland, OR 97231',
      region: 'OR',
      postalCode: '97231',
      timeZone: 'America/Los_Angeles',
    });
    expect(zip.json().lat).toBeCloseTo(45.64, 1);
    const city = await t.app.inject({
      method: 'GET',
      url: `/api/geo/lookup?q=${encodeURIComponent('austin, tx')}`,
    });
    expect(city.statusCode).toBe(200);
    expect(city.json()).toMatchObject({
      label: 'Austin, TX',
      city: 'Austin',
      timeZone: 'America/Chicago',
    });
  });

  it('answers 404 with a hint for an unknown place, 400 for nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/geo/lookup?q=Atlantis' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/ZIP code/);
    expect((await t.app.inject({ method: 'GET', url: '/api/geo/lookup?q=00000' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/geo/lookup' })).statusCode).toBe(400);
  });
});

describe('GET /api/categories', () => {
  it('answers the fixed list of categories with names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json();
    expect(categories.map((c: { slug: string }) => c.slug)).toEqual([
      'vegetables',
      'fruit',
      'herbs',
      'eggs-dairy',
      'meat-poultry',
      'bakery',
      'honey-preserves',
      'pantry',
      'flowers-plants',
    ]);
    expect(categories[3]).toEqual({ slug: 'eggs-dairy', name: 'Eggs & Dairy' });
  });
});
