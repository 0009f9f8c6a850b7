import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { type TestUser, useTestCast } from '../../testing/users';
import { preorders } from '../preorders/preorders.schema';
import { products } from './products.schema';

/** `PATCH /api/farms/{farmId}/stock`: many products' stock in one change, all or none. */

const t = useTestApp();
const cast = useTestCast(t);

let farmId: string;
let secondFarmId: string;
let otherFarmId: string;
beforeAll(async () => {
  const place = {
    location: { lat: 45.6, lng: -122.8 },
    pickupWindows: [{ kind: 'weekly', day: 'saturday', from: '09:00', to: '12:00', place: 'Barn' }],
  };
  farmId = await createTestFarm(t, cast.owner, { name: 'Stock Farm', ...place });
  secondFarmId = await createTestFarm(t, cast.owner, { name: 'Second Farm', ...place });
  otherFarmId = await createTestFarm(t, cast.otherFarmer, { name: 'Other Farm', ...place });
});

function product(stock: number, name = 'Leeks', onFarm = farmId, owner = cast.owner) {
  return createTestProduct(t, owner, onFarm, {
    name,
    price: 3,
    unit: 'bunch',
    categorySlug: 'vegetables',
    stock,
  });
}

function patch(
  lines: object[],
  headers: Record<string, string> = cast.owner.headers,
  onFarm = farmId,
) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/farms/${onFarm}/stock`,
    headers,
    payload: { lines },
  });
}

async function stocks(ids: string[]): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.stock]));
}

describe('PATCH /api/farms/{farmId}/stock', () => {
  it('sets and adds in one change, stamped like a single stock change, and answers the products', async () => {
    const [a, b, c] = await Promise.all([
      product(4, 'Apples'),
      product(10, 'Beets'),
      product(0, 'Chard'),
    ]);
    const before = new Date();
    const res = await patch([
      { productId: c, stock: 7 },
      { productId: a, delta: 3 },
      { productId: b, delta: -10 },
    ]);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.message).toBe('Stock updated for 3 products');
    // By name, whatever order the lines came in.
    expect(answer.products.map((p: { name: string }) => p.name)).toEqual([
      'Apples',
      'Beets',
      'Chard',
    ]);
    expect(answer.products).toMatchObject([
      { id: a, stock: 7, inStock: true, updatedBy: cast.owner.id },
      { id: b, stock: 0, inStock: false },
      { id: c, stock: 7, inStock: true },
    ]);
    const rows = await t.database.db
      .select()
      .from(products)
      .where(inArray(products.id, [a, b, c]));
    for (const row of rows) {
      expect(row.updatedBy).toBe(cast.owner.id);
      expect(row.lastStockUpdate?.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    }
  });

  it('changes nothing when one line would take stock below zero: 409 naming the line', async () => {
    const [a, b] = await Promise.all([product(5, 'Garlic'), product(2, 'Onions')]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, a));
    const res = await patch([
      { productId: a, stock: 50 },
      { productId: b, delta: -3 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Insufficient stock',
      code: 'INSUFFICIENT_STOCK',
      details: [
        {
          field: 'lines.1',
          productId: b,
          name: 'Onions',
          available: 2,
          message: 'Only 2 of Onions in stock: 3 cannot be taken',
        },
      ],
    });
    expect(await stocks([a, b])).toEqual({ [a]: 5, [b]: 2 });
    const [after] = await t.database.db.select().from(products).where(eq(products.id, a));
    expect(after?.lastStockUpdate).toEqual(row?.lastStockUpdate);
  });

  it.each([
    ['an unknown product', () => Promise.resolve(randomUUID())],
    ["another farmer's product", () => product(3, 'Kale', otherFarmId, cast.otherFarmer)],
    ["the same farmer's other farm's product", () => product(3, 'Kale', secondFarmId)],
  ])('changes nothing when a line names %s: 404 naming the line', async (_case, make) => {
    const [mine, foreign] = await Promise.all([product(1, 'Radishes'), make()]);
    const res = await patch([
      { productId: mine, stock: 9 },
      { productId: foreign, stock: 9 },
    ]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: 'Product not found',
      code: 'PRODUCT_NOT_FOUND',
      details: [
        {
          field: 'lines.1.productId',
          productId: foreign,
          message: 'Stock Farm has no product with this id',
        },
      ],
    });
    expect((await stocks([mine]))[mine]).toBe(1);
    const [other] = await t.database.db.select().from(products).where(eq(products.id, foreign));
    if (other) expect(other.stock).toBe(3);
  });

  it.each([
    [[{ productId: randomUUID(), stock: -1 }], 'lines.0.stock'],
    [[{ productId: randomUUID(), stock: 1.5 }], 'lines.0.stock'],
    [[{ productId: randomUUID(), stock: 1_000_001 }], 'lines.0.stock'],
    [[{ productId: randomUUID() }], 'lines.0'],
    [[{ productId: randomUUID(), stock: 1, delta: 1 }], 'lines.0'],
    [[{ productId: 'not-a-uuid', stock: 1 }], 'lines.0.productId'],
    [[], 'lines'],
  ])('refuses a bad body with 400 naming the field (%j)', async (lines, field) => {
    const res = await patch(lines);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('refuses the same product twice, changing nothing', async () => {
    const id = await product(4, 'Parsnips');
    const res = await patch([
      { productId: id, delta: 1 },
      { productId: id, delta: 1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      expect.objectContaining({ field: 'lines', message: 'name each product once' }),
    ]);
    expect((await stocks([id]))[id]).toBe(4);
  });

  it('refuses a stock above the maximum by way of a delta, changing nothing', async () => {
    const [a, b] = await Promise.all([product(999_999, 'Peas'), product(1, 'Beans')]);
    const res = await patch([
      { productId: b, stock: 3 },
      { productId: a, delta: 2 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'STOCK_TOO_HIGH' });
    expect(await stocks([a, b])).toEqual({ [a]: 999_999, [b]: 1 });
  });

  it.each<[string, () => TestUser | null, number, string]>([
    ['a guest', () => null, 401, 'You must be logged in to update stock'],
    ['a customer', () => cast.customer, 403, 'You can only update stock for your own products'],
    [
      'another farmer',
      () => cast.otherFarmer,
      403,
      'You can only update stock for your own products',
    ],
  ])('is refused to %s, changing nothing', async (_who, who, status, message) => {
    const id = await product(6, 'Squash');
    const user = who();
    const res = await patch([{ productId: id, stock: 60 }], user ? user.headers : {});
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await stocks([id]))[id]).toBe(6);
  });

  it('is open to an admin, as every owner action is, and says "Farm not found" for no farm', async () => {
    const id = await product(6, 'Turnips');
    const res = await patch([{ productId: id, delta: 1 }], cast.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().products[0]).toMatchObject({ stock: 7, updatedBy: null });
    const missing = await patch([{ productId: id, delta: 1 }], cast.owner.headers, randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Farm not found');
  });

  it('fills waiting pre-orders of every product whose stock arrives, in the same change', async () => {
    const [berries, plums, figs] = await Promise.all([
      product(0, 'Berries'),
      product(0, 'Plums'),
      product(5, 'Figs'),
    ]);
    for (const [id, quantity] of [
      [berries, 2],
      [plums, 3],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/preorders',
        headers: cast.customer.headers,
        payload: { productId: id, quantity },
      });
      expect(res.statusCode).toBe(201);
    }

    const res = await patch([
      { productId: berries, stock: 5 },
      { productId: plums, delta: 2 },
      { productId: figs, delta: -1 },
    ]);
    expect(res.statusCode).toBe(200);
    // Berries: 5 arrive, 2 go to the pre-order. Plums: 2 are not enough for the 3 waiting.
    expect(await stocks([berries, plums, figs])).toEqual({ [berries]: 3, [plums]: 2, [figs]: 4 });
    const byProduct = await t.database.db
      .select({ productId: preorders.productId, status: preorders.status })
      .from(preorders)
      .where(inArray(preorders.productId, [berries, plums]));
    expect(Object.fromEntries(byProduct.map((row) => [row.productId, row.status]))).toEqual({
      [berries]: 'filled',
      [plums]: 'pending',
    });
    expect(res.json().products.find((p: { id: string }) => p.id === berries).stock).toBe(3);
  });

  it('applies concurrent changes over the same products one after another, whatever their line order', async () => {
    const [a, b] = await Promise.all([product(0, 'Kiwis'), product(0, 'Quinces')]);
    const forward = [
      { productId: a, delta: 1 },
      { productId: b, delta: 1 },
    ];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => patch(i % 2 ? forward : [...forward].reverse())),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(await stocks([a, b])).toEqual({ [a]: 8, [b]: 8 });
  });

  it('undoes the pre-order fills too when a later line is refused', async () => {
    const [melons, pears] = await Promise.all([product(0, 'Melons'), product(1, 'Pears')]);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/preorders',
      headers: cast.customer.headers,
      payload: { productId: melons, quantity: 1 },
    });
    expect(asked.statusCode).toBe(201);
    // Product ids decide the order the lines are applied in; both orders are tried.
    for (const lines of [
      [
        { productId: melons, stock: 4 },
        { productId: pears, delta: -2 },
      ],
      [
        { productId: pears, delta: -2 },
        { productId: melons, stock: 4 },
      ],
    ]) {
      expect((await patch(lines)).statusCode).toBe(409);
    }
    expect(await stocks([melons, pears])).toEqual({ [melons]: 0, [pears]: 1 });
    const [waiting] = await t.database.db
      .select({ status: preorders.status })
      .from(preorders)
      .where(eq(preorders.productId, melons));
    expect(waiting?.status).toBe('pending');
  });
});
