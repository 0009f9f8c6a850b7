import { eq, inArray, sum } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, useTestCast } from '../../testing/users';
import { products } from '../products/products.schema';
import { orderItems, orders } from './orders.schema';

/**
 * Acceptance: checkouts that race for the same stock. PGlite runs one transaction at a
 * time, so the real race only happens on PostgreSQL (TEST_DATABASE_URL): run this file on both.
 */

const t = useTestApp();
const cast = useTestCast(t);

interface Shelf {
  farmId: string;
  productId: string;
}
const shelves: Shelf[] = [];
beforeAll(async () => {
  const location = { lat: 45.5, lng: -122.6 };
  const farmA = await createTestFarm(t, cast.owner, { name: 'Race A', location });
  const farmB = await createTestFarm(t, cast.owner, { name: 'Race B', location });
  const farmC = await createTestFarm(t, cast.otherFarmer, { name: 'Race C', location });
  // 50 units in all, unevenly spread so that some shelves empty long before others.
  const plan: [string, number][] = [
    [farmA, 20],
    [farmA, 3],
    [farmB, 12],
    [farmB, 1],
    [farmC, 14],
  ];
  for (const [farmId, stock] of plan) {
    const owner = farmId === farmC ? cast.otherFarmer : cast.owner;
    const productId = await createTestProduct(t, owner, farmId, {
      name: `Racer ${stock}`,
      price: 2,
      unit: 'each',
      categorySlug: 'vegetables',
      stock,
    });
    shelves.push({ farmId, productId });
  }
});

describe(`concurrent checkouts (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('200 checkouts of 1 unit for 50 units: exactly 50 sold, none below 0, every refusal took nothing', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 8 }, () =>
        createTestUser(t.database.db, t.config.JWT_SECRET, 'customer'),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const shelf = shelves[i % shelves.length] as Shelf;
        const shopper = shoppers[i % shoppers.length] as (typeof shoppers)[number];
        return placeOrder(t, shopper, {
          items: [{ productId: shelf.productId, quantity: 1 }],
          fulfilment: [{ farmId: shelf.farmId, method: 'pickup' }],
        });
      }),
    );

    const placed = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'Insufficient stock',
        details: [{ requested: 1, available: 0 }],
      });
    }
    expect(placed).toHaveLength(50);

    const productIds = shelves.map((shelf) => shelf.productId);
    const stocks = await t.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(inArray(products.id, productIds));
    expect(stocks.map((row) => row.stock)).toEqual([0, 0, 0, 0, 0]);

    // What the orders hold is exactly what left the shelves: no refused checkout kept anything.
    const [sold] = await t.database.db
      .select({ units: sum(orderItems.quantity).mapWith(Number) })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(inArray(orderItems.productId, productIds));
    expect(sold?.units).toBe(50);
    const numbers = new Set(placed.map((res) => res.json().orders[0].number));
    expect(numbers.size).toBe(50);
  });

  it('carts over two farms take both lines or neither, however they race', async () => {
    const location = { lat: 45.5, lng: -122.6 };
    const farmD = await createTestFarm(t, cast.owner, { name: 'Pair D', location });
    const farmE = await createTestFarm(t, cast.otherFarmer, { name: 'Pair E', location });
    const item = (owner: typeof cast.owner, farmId: string, stock: number) =>
      createTestProduct(t, owner, farmId, {
        name: 'Pair',
        price: 1,
        unit: 'each',
        categorySlug: 'fruit',
        stock,
      });
    const [plums, pears] = [
      await item(cast.owner, farmD, 30),
      await item(cast.otherFarmer, farmE, 20),
    ];
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        placeOrder(t, cast.customer, {
          // Listed in both orders, so that lock order, not list order, decides who waits.
          items: [
            { productId: pears, quantity: 1 },
            { productId: plums, quantity: 1 },
          ],
          fulfilment: [
            { farmId: farmD, method: 'pickup' },
            { farmId: farmE, method: 'pickup' },
          ],
        }),
      ),
    );
    const placed = answers.filter((res) => res.statusCode === 201);
    expect(placed).toHaveLength(20);
    for (const res of placed) expect(res.json().orders).toHaveLength(2);
    const rows = await t.database.db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [plums, pears]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.stock]))).toEqual({
      [plums]: 10,
      [pears]: 0,
    });
  });

  it('lets no more orders into a pickup slot than its capacity, however they race', async () => {
    const farmId = await createTestFarm(t, cast.owner, {
      name: 'Capped Farm',
      location: { lat: 45.5, lng: -122.6 },
      pickupWindows: [
        { kind: 'weekly', day: 'friday', from: '15:00', to: '18:00', place: 'Shed', capacity: 3 },
      ],
    });
    const productId = await createTestProduct(t, cast.owner, farmId, {
      name: 'Cider',
      price: 4,
      unit: 'bottle',
      categorySlug: 'pantry',
      stock: 100,
    });
    const slots = await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}/pickup-slots` });
    const slotId: string = slots.json().slots[0].id;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        placeOrder(t, cast.customer, {
          items: [{ productId, quantity: 1 }],
          fulfilment: [{ farmId, method: 'pickup', slotId }],
        }),
      ),
    );
    const placed = answers.filter((res) => res.statusCode === 201);
    expect(placed).toHaveLength(3);
    for (const res of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(res.json().code).toBe('PICKUP_WINDOW_FULL');
    }
    const [row] = await t.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    expect(row?.stock).toBe(97);
  });
});
