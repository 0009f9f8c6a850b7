import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { injectFile, makeImage } from '../../testing/uploads';
import { useTestCast } from '../../testing/users';
import { farmers } from '../farmers/farmers.schema';
import { orderItems, orders } from '../orders/orders.schema';
import { products } from './products.schema';

const t = useTestApp();
const cast = useTestCast(t);
let farmId: string;
beforeAll(async () => {
  farmId = await createTestFarm(t, cast.owner, {
    name: 'Owner Farm',
    location: { lat: 45.6, lng: -122.8 },
  });
});

const tomatoes = {
  name: 'Heirloom tomatoes',
  description: 'Brandywine and Cherokee Purple.',
  price: 4.99,
  unit: 'lb',
  categorySlug: 'vegetables',
  stock: 30,
};

async function create(body: object = tomatoes) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/product/create/${farmId}`,
    headers: cast.owner.headers,
    payload: body,
  });
  return res;
}

async function stock(id: string, body: object, headers = cast.owner.headers) {
  return t.app.inject({ method: 'POST', url: `/api/products/${id}/stock`, headers, payload: body });
}

function upload(id: string, bytes: Buffer, options = {}) {
  return injectFile(
    t,
    { url: `/api/products/${id}/images`, headers: cast.owner.headers },
    bytes,
    options,
  );
}

async function storageUsed(): Promise<number> {
  const [row] = await t.database.db.select().from(farmers).where(eq(farmers.id, cast.owner.id));
  return row?.storageUsedBytes ?? -1;
}

describe('POST /api/product/create/{farmId}', () => {
  it('answers 201 { message, product } with the price in dollars and cents in the database', async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    const { message, product } = res.json();
    expect(message).toBe('Product created');
    expect(product).toMatchObject({
      farmId,
      farmerId: cast.owner.id,
      name: 'Heirloom tomatoes',
      price: 4.99,
      unit: 'lb',
      categorySlug: 'vegetables',
      stock: 30,
      inStock: true,
      images: [],
      availableFrom: null,
      updatedBy: cast.owner.id,
      lastStockUpdate: expect.any(String),
      farmer: { id: cast.owner.id, name: 'Olive Owner' },
      farm: { id: farmId, name: 'Owner Farm' },
    });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.priceCents).toBe(499);
  });

  it('takes a harvest date for produce not yet ripe, and a zero stock', async () => {
    const res = await create({
      ...tomatoes,
      name: 'Pumpkins',
      stock: 0,
      availableFrom: '2027-10-01',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({
      stock: 0,
      inStock: false,
      availableFrom: '2027-10-01',
    });
  });

  it.each([
    [{ ...tomatoes, name: ' ' }, 'name'],
    [{ ...tomatoes, price: -1 }, 'price'],
    [{ ...tomatoes, price: 1.999 }, 'price'],
    [{ ...tomatoes, price: '4.99' }, 'price'],
    [{ ...tomatoes, unit: 'barrel' }, 'unit'],
    [{ ...tomatoes, categorySlug: 'gadgets' }, 'categorySlug'],
    [{ ...tomatoes, stock: -1 }, 'stock'],
    [{ ...tomatoes, stock: 1.5 }, 'stock'],
    [{ ...tomatoes, stock: 1_000_001 }, 'stock'],
    [{ ...tomatoes, availableFrom: '2027-13-01' }, 'availableFrom'],
    [{ ...tomatoes, images: ['https://evil.test/x.webp'] }, 'images.0'],
  ])(
    'refuses a bad product with a 400 naming the field (%#) and writes nothing',
    async (body, field) => {
      const before = await t.database.db.select().from(products);
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
      expect(await t.database.db.select().from(products)).toEqual(before);
    },
  );

  it('answers 404 "Farm not found" for an unknown farm', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/create/00000000-0000-4000-8000-000000000000',
      headers: cast.owner.headers,
      payload: tomatoes,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Farm not found', code: 'FARM_NOT_FOUND' });
  });
});

describe('reading products', () => {
  it('GET /api/product/{farmId} answers { products } by name; GET /api/products/{id} { product }', async () => {
    const { product } = (await create({ ...tomatoes, name: 'Arugula' })).json();
    const list = await t.app.inject({ method: 'GET', url: `/api/product/${farmId}` });
    expect(list.statusCode).toBe(200);
    const names = list.json().products.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).toContain('Arugula');
    const one = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().product).toEqual(product);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/products/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found');
  });

  it('GET /api/products/{id} with lat and long answers the distance to the farm, as browsing does', async () => {
    const { product } = (await create({ ...tomatoes, name: 'Sorrel' })).json();
    const portland = 'lat=45.5152&long=-122.6784';
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}?${portland}`,
    });
    expect(one.statusCode).toBe(200);
    const browsed = await t.app.inject({ method: 'GET', url: `/api/products?${portland}` });
    const same = browsed.json().products.find((p: { id: string }) => p.id === product.id);
    expect(one.json().product.distanceKm).toBeGreaterThan(10);
    expect(one.json().product).toEqual(same);
  });

  it('GET /api/products/{id} refuses half a location or one off the globe', async () => {
    const { product } = (await create({ ...tomatoes, name: 'Chard' })).json();
    const half = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}?lat=45.5` });
    expect(half.statusCode).toBe(400);
    expect(half.json().details[0].field).toBe('long');
    const off = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}?lat=91&long=0`,
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().details[0].field).toBe('lat');
  });

  it('keeps the browse route working beside /api/products/{id}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?lat=45.6&long=-122.8' });
    expect(res.statusCode).toBe(200);
    expect(res.json().products.length).toBeGreaterThan(0);
  });
});

describe('PATCH /api/products/{id}', () => {
  it('changes only the fields sent and records who and when', async () => {
    const { product } = (await create()).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: cast.admin.headers,
      payload: { price: 5.25, description: 'Now with Green Zebra.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Product updated');
    expect(res.json().product).toMatchObject({
      name: 'Heirloom tomatoes',
      price: 5.25,
      description: 'Now with Green Zebra.',
      stock: 30,
      // An admin's account id is not shown to shoppers.
      updatedBy: null,
      lastStockUpdate: product.lastStockUpdate,
    });
    expect(res.json().product.updatedAt >= product.updatedAt).toBe(true);
  });

  it('refuses an empty change', async () => {
    const { product } = (await create()).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      headers: cast.owner.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/products/{id}/stock', () => {
  it('adds, takes and sets, recording lastStockUpdate and updatedBy', async () => {
    const { product } = (await create({ ...tomatoes, stock: 5 })).json();
    const added = await stock(product.id, { delta: 3 });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      message: 'Stock updated',
      product: { stock: 8, inStock: true },
    });
    const taken = await stock(product.id, { delta: -8 });
    expect(taken.json().product).toMatchObject({ stock: 0, inStock: false });
    const set = await stock(product.id, { stock: 12 }, cast.admin.headers);
    expect(set.json().product).toMatchObject({ stock: 12, updatedBy: null });
    expect(added.json().product.updatedBy).toBe(cast.owner.id);
    expect(Date.parse(set.json().product.lastStockUpdate)).toBeGreaterThanOrEqual(
      Date.parse(product.lastStockUpdate),
    );
  });

  it('never goes below zero: 409 "Insufficient stock" and the stock unchanged', async () => {
    const { product } = (await create({ ...tomatoes, stock: 2 })).json();
    const res = await stock(product.id, { delta: -3 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Insufficient stock', code: 'INSUFFICIENT_STOCK' });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.stock).toBe(2);
  });

  it('refuses a stock above the maximum, both ways', async () => {
    const { product } = (await create({ ...tomatoes, stock: 999_999 })).json();
    const res = await stock(product.id, { delta: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Stock may be at most 1,000,000');
    expect((await stock(product.id, { stock: 1_000_001 })).statusCode).toBe(400);
  });

  it.each([[{}], [{ delta: 1, stock: 2 }], [{ delta: 0.5 }], [{ stock: -1 }], [{ delta: '1' }]])(
    'refuses a malformed change %j with a 400',
    async (body) => {
      const { product } = (await create()).json();
      const res = await stock(product.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    },
  );

  it('answers 404 "Product not found" for an unknown product', async () => {
    const res = await stock('00000000-0000-4000-8000-000000000000', { delta: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });
});

describe('DELETE /api/products/{id}', () => {
  it('deletes a product in no order', async () => {
    const { product } = (await create()).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: cast.owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Product deleted' });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}`,
      headers: cast.owner.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses with 409 "Cannot delete product with active orders" when any order has it', async () => {
    const { product } = (await create()).json();
    const [order] = await t.database.db
      .insert(orders)
      .values({
        customerId: cast.customer.id,
        farmId,
        farmName: 'Test farm',
        fulfilmentMethod: 'pickup',
        payment: 'pay_at_pickup',
        status: 'completed',
        totalCents: 499,
        fulfilmentDate: '2026-11-21',
      })
      .returning();
    await t.database.db.insert(orderItems).values({
      orderId: order?.id ?? '',
      productId: product.id,
      name: product.name,
      unit: product.unit,
      priceCents: 499,
      quantity: 1,
    });
    for (const headers of [cast.owner.headers, cast.admin.headers]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/products/${product.id}`,
        headers,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'Cannot delete product with active orders',
        code: 'PRODUCT_HAS_ORDERS',
      });
    }
    const rows = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(rows).toHaveLength(1);
  });
});

describe('product photos', () => {
  it('checks the content, not the name: a PNG called .jpg passes, text called .png does not', async () => {
    const { product } = (await create()).json();
    const png = await upload(product.id, await makeImage('png'), {
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
    });
    expect(png.statusCode).toBe(200);
    expect(png.json().message).toBe('Photo added');
    const text = await upload(product.id, Buffer.from('definitely not an image'), {
      filename: 'photo.png',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({
      message: 'Images must be JPEG, PNG or WebP',
      code: 'INVALID_IMAGE',
    });
    const gif = await upload(product.id, await makeImage('gif'), { filename: 'a.png' });
    expect(gif.statusCode).toBe(400);
    const truncated = await makeImage('jpeg', { width: 800, height: 600 });
    const cut = await upload(product.id, truncated.subarray(0, truncated.length / 2));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().code).toBe('INVALID_IMAGE');
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.images).toHaveLength(1);
  });

  it('refuses a file over 5 MB with a 413 and stores nothing', async () => {
    const { product } = (await create()).json();
    const before = await storageUsed();
    const res = await upload(product.id, Buffer.alloc(5 * 1024 * 1024 + 1, 7));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Images may be at most 5 MB', code: 'IMAGE_TOO_LARGE' });
    expect(await storageUsed()).toBe(before);
  });

  it('refuses a request that is not multipart, or has no file', async () => {
    const { product } = (await create()).json();
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/images`,
      headers: cast.owner.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const empty = await upload(product.id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('IMAGE_MISSING');
  });

  it('resizes to 1200 px and 400 px WebP, counts the bytes, and gives them back on removal', async () => {
    const { product } = (await create()).json();
    const before = await storageUsed();
    const res = await upload(product.id, await makeImage('jpeg', { width: 3000, height: 2000 }));
    expect(res.statusCode).toBe(200);
    const [url] = res.json().product.images as string[];
    expect(url).toMatch(/^\/uploads\/farmers\/[0-9a-f-]{36}\/[0-9a-f-]{36}-1200\.webp$/);
    const large = await t.app.inject({ method: 'GET', url: url ?? '' });
    const small = await t.app.inject({ method: 'GET', url: url?.replace('-1200.', '-400.') ?? '' });
    const sharp = (await import('sharp')).default;
    expect(await sharp(large.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 800,
    });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400 });
    expect(await storageUsed()).toBe(before + large.rawPayload.length + small.rawPayload.length);

    const imageId = url?.match(/([0-9a-f-]{36})-1200\.webp$/)?.[1];
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${product.id}/images/${imageId}`,
      headers: cast.owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().product.images).toEqual([]);
    expect(await storageUsed()).toBe(before);
    expect(existsSync(join(t.config.DATA_DIR, url ?? ''))).toBe(false);
  });

  it('shares a photo between products and deletes its files only when the last one lets go', async () => {
    const first = (await create()).json().product;
    const url: string = (await upload(first.id, await makeImage())).json().product.images[0];
    const copy = await create({ ...tomatoes, name: 'Tomatoes, seconds', images: [url] });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().product.images).toEqual([url]);
    const used = await storageUsed();

    await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${first.id}`,
      headers: cast.owner.headers,
    });
    const stillServed = await t.app.inject({ method: 'GET', url });
    expect(stillServed.statusCode).toBe(200);
    expect(await storageUsed()).toBe(used);

    const dropped = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${copy.json().product.id}`,
      headers: cast.owner.headers,
      payload: { images: [] },
    });
    expect(dropped.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await storageUsed()).toBeLessThan(used);
  });

  it('allows at most 8 photos a product', async () => {
    const { product } = (await create()).json();
    const image = await makeImage();
    for (let i = 0; i < 8; i++) expect((await upload(product.id, image)).statusCode).toBe(200);
    const ninth = await upload(product.id, image);
    expect(ninth.statusCode).toBe(400);
    expect(ninth.json().message).toBe('A product may have at most 8 photos');
  });
});
