import { addLocalDays, instantToFarmTime } from '@furrow/domain/farm-time';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { pickupCart, placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, type TestUser, useTestCast } from '../../testing/users';
import { products } from '../products/products.schema';
import { orders } from './orders.schema';

const t = useTestApp();
const cast = useTestCast(t);

let farmId: string;
let productId: string;
let stranger: TestUser;
beforeAll(async () => {
  farmId = await createTestFarm(t, cast.owner, {
    name: 'Lifecycle Farm',
    location: { lat: 45.5, lng: -122.6 },
  });
  productId = await createTestProduct(t, cast.owner, farmId, {
    name: 'Kale',
    price: 3,
    unit: 'bunch',
    categorySlug: 'vegetables',
    stock: 1000,
  });
  stranger = await createTestUser(t.database.db, t.config.JWT_SECRET, 'customer');
});

async function newOrder(quantity = 2, customer = cast.customer): Promise<string> {
  const res = await placeOrder(t, customer, pickupCart(farmId, [{ productId, quantity }]));
  expect(res.statusCode).toBe(201);
  return res.json().orders[0].id;
}

function move(user: TestUser, orderId: string, body: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/orders/${orderId}/status`,
    headers: user.headers,
    payload: body,
  });
}

async function stock(): Promise<number> {
  const [row] = await t.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock ?? -1;
}

describe('PATCH /api/orders/{id}/status', () => {
  it('lets the farmer move an order forward step by step, each step in its history', async () => {
    const id = await newOrder();
    for (const status of ['confirmed', 'ready', 'completed']) {
      const res = await move(cast.owner, id, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().order.status).toBe(status);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: cast.customer.headers,
    });
    expect(
      res
        .json()
        .order.history.map((entry: { status: string; byRole: string }) => [
          entry.status,
          entry.byRole,
        ]),
    ).toEqual([
      ['placed', 'customer'],
      ['confirmed', 'farmer'],
      ['ready', 'farmer'],
      ['completed', 'farmer'],
    ]);
  });

  it('refuses a skipped step with 409, naming the statuses allowed next', async () => {
    const id = await newOrder();
    const res = await move(cast.owner, id, { status: 'ready' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'INVALID_STATUS_MOVE',
      details: [{ field: 'status', allowed: ['confirmed', 'cancelled'] }],
    });
    expect(res.json().message).toContain('confirmed or cancelled');
  });

  it('lets the customer cancel while placed, and puts the stock back', async () => {
    const before = await stock();
    const id = await newOrder(3);
    expect(await stock()).toBe(before - 3);
    const res = await move(cast.customer, id, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(await stock()).toBe(before);
    expect((await move(cast.customer, id, { status: 'cancelled' })).statusCode).toBe(409);
    expect(await stock()).toBe(before);
  });

  it('keeps the customer from cancelling once confirmed; the farmer cancels with a reason', async () => {
    const id = await newOrder();
    await move(cast.owner, id, { status: 'confirmed' });
    const customer = await move(cast.customer, id, { status: 'cancelled' });
    expect(customer.statusCode).toBe(409);
    expect(customer.json().details[0].allowed).toEqual([]);
    const noReason = await move(cast.owner, id, { status: 'cancelled' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('CANCEL_REASON_REQUIRED');
    const res = await move(cast.owner, id, { status: 'cancelled', reason: 'Hail took the kale' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.history.at(-1)).toMatchObject({
      status: 'cancelled',
      byRole: 'farmer',
      reason: 'Hail took the kale',
    });
  });

  it('hides the order from everyone else (404)', async () => {
    const id = await newOrder();
    expect((await move(cast.otherFarmer, id, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await move(stranger, id, { status: 'cancelled' })).statusCode).toBe(404);
    expect((await move(cast.admin, id, { status: 'confirmed' })).statusCode).toBe(200);
  });

  it('returns the stock exactly once when two cancellations race', async () => {
    for (let round = 0; round < 5; round++) {
      const before = await stock();
      const id = await newOrder(4);
      const answers = await Promise.all([
        move(cast.customer, id, { status: 'cancelled' }),
        move(cast.owner, id, { status: 'cancelled', reason: 'Sold out at the market' }),
      ]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(await stock()).toBe(before);
    }
  });
});

describe('GET /api/orders and /api/orders/{id}', () => {
  it("lists a customer's own orders and a farmer's farm's orders, filtered and paginated", async () => {
    const shopper = await createTestUser(t.database.db, t.config.JWT_SECRET, 'customer');
    const ids = [
      await newOrder(1, shopper),
      await newOrder(1, shopper),
      await newOrder(1, shopper),
    ];
    await move(cast.owner, ids[0] as string, { status: 'confirmed' });

    const own = await t.app.inject({
      method: 'GET',
      url: '/api/orders?limit=2',
      headers: shopper.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().total).toBe(3);
    expect(own.json().orders.map((order: { id: string }) => order.id)).toEqual([ids[2], ids[1]]);

    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/orders?status=confirmed&farmId=${farmId}`,
      headers: cast.owner.headers,
    });
    const found = confirmed.json().orders.map((order: { id: string }) => order.id);
    expect(found).toContain(ids[0]);
    expect(found).not.toContain(ids[1]);

    const other = await t.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: cast.otherFarmer.headers,
    });
    expect(other.json()).toEqual({ orders: [], total: 0 });
  });

  it("filters a farm's orders by the pickup date of their slot", async () => {
    const windowFarm = await createTestFarm(t, cast.owner, {
      name: 'Dated Farm',
      location: { lat: 45.5, lng: -122.6 },
      pickupWindows: [
        { kind: 'weekly', day: 'tuesday', from: '10:00', to: '12:00', place: 'Gate' },
      ],
    });
    const item = await createTestProduct(t, cast.owner, windowFarm, {
      name: 'Leeks',
      price: 2,
      unit: 'bunch',
      categorySlug: 'vegetables',
      stock: 10,
    });
    const slots = await t.app.inject({
      method: 'GET',
      url: `/api/farms/${windowFarm}/pickup-slots`,
    });
    const [first, second] = slots.json().slots;
    const orderIn = async (slotId: string) =>
      (
        await placeOrder(t, cast.customer, {
          items: [{ productId: item, quantity: 1 }],
          fulfilment: [{ farmId: windowFarm, method: 'pickup', slotId }],
        })
      ).json().orders[0].id;
    const early = await orderIn(first.id);
    await orderIn(second.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders?farmId=${windowFarm}&pickupDate=${first.date}`,
      headers: cast.owner.headers,
    });
    expect(res.json().orders.map((order: { id: string }) => order.id)).toEqual([early]);
    expect(res.json().total).toBe(1);
  });

  it('shows one order to its customer, its farmer and admins, and 404 to anyone else', async () => {
    const id = await newOrder();
    for (const [user, status] of [
      [cast.customer, 200],
      [cast.owner, 200],
      [cast.admin, 200],
      [cast.otherFarmer, 404],
      [stranger, 404],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${id}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(status);
    }
  });
});

describe('GET /api/farms/{id}/pick-list', () => {
  it('gives the farmer the day to gather and pack, as JSON and as CSV', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/orders?farmId=${farmId}&limit=1`,
      headers: cast.owner.headers,
    });
    // Without pickup windows an order is packed on the day it was placed, on the farm's calendar.
    const date = instantToFarmTime(
      new Date(list.json().orders[0].createdAt),
      'America/New_York',
    ).date;
    const json = await t.app.inject({
      method: 'GET',
      url: `/api/farms/${farmId}/pick-list?date=${date}`,
      headers: cast.owner.headers,
    });
    expect(json.statusCode).toBe(200);
    const body = json.json();
    expect(body.farm).toEqual({ id: farmId, name: 'Lifecycle Farm' });
    expect(body.products).toHaveLength(1);
    expect(body.products[0]).toMatchObject({ productId, name: 'Kale', unit: 'bunch' });
    const packed = body.orders.reduce(
      (sum: number, order: { lines: { quantity: number }[] }) =>
        sum + (order.lines[0]?.quantity ?? 0),
      0,
    );
    expect(body.products[0].quantity).toBe(packed);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/farms/${farmId}/pick-list?date=${date}&format=csv`,
      headers: cast.owner.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]?.trim()).toBe('Product,Unit,Quantity,Orders');
    expect(csv.body).toContain(`Kale,bunch,${packed}`);

    const other = await t.app.inject({
      method: 'GET',
      url: `/api/farms/${farmId}/pick-list?date=${date}`,
      headers: cast.otherFarmer.headers,
    });
    expect(other.statusCode).toBe(403);
  });

  it('opens on the next day with open orders, not on an empty today', async () => {
    const quietFarm = await createTestFarm(t, cast.owner, {
      name: 'Saturday Farm',
      location: { lat: 45.5, lng: -122.6 },
      timeZone: 'America/Los_Angeles',
    });
    const beans = await createTestProduct(t, cast.owner, quietFarm, {
      name: 'Beans',
      price: 2,
      unit: 'lb',
      categorySlug: 'vegetables',
      stock: 50,
    });
    const today = instantToFarmTime(new Date(), 'America/Los_Angeles').date;
    const inDays = (n: number) => addLocalDays(today, n);
    const placed: string[] = [];
    for (let n = 0; n < 3; n++) {
      const res = await placeOrder(
        t,
        cast.customer,
        pickupCart(quietFarm, [{ productId: beans, quantity: 1 }]),
      );
      placed.push(res.json().orders[0].id);
    }
    // Packed on later days: one in three days, one in five, and one in three days but cancelled.
    const packOn = async (id: string | undefined, date: string) =>
      t.database.db
        .update(orders)
        .set({ fulfilmentDate: date })
        .where(eq(orders.id, id ?? ''));
    await packOn(placed[0], inDays(3));
    await packOn(placed[1], inDays(5));
    await packOn(placed[2], inDays(2));
    await move(cast.customer, placed[2] ?? '', { status: 'cancelled' });

    const next = await t.app.inject({
      method: 'GET',
      url: `/api/farms/${quietFarm}/pick-list`,
      headers: cast.owner.headers,
    });
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({
      date: inDays(3),
      upcoming: [
        { date: inDays(3), orders: 1 },
        { date: inDays(5), orders: 1 },
      ],
    });
    expect(next.json().orders).toHaveLength(1);
    const chosen = await t.app.inject({
      method: 'GET',
      url: `/api/farms/${quietFarm}/pick-list?date=${inDays(5)}&format=csv`,
      headers: cast.owner.headers,
    });
    expect(chosen.headers['content-disposition']).toContain(`pick-list-${inDays(5)}.csv`);
  });
});
