import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { pickupCart, placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { useTestCast } from '../../testing/users';
import { farms } from '../farms/farms.schema';
import { products } from '../products/products.schema';
import { checkoutRequests, orders } from './orders.schema';

const t = useTestApp();
const cast = useTestCast(t);

// Portland, and a point about 10 km east of it.
const farmPoint = { lat: 45.52, lng: -122.68 };
const nearby = { lat: 45.52, lng: -122.55 };
const faraway = { lat: 47.6, lng: -122.33 };
const address = { line: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201' };

let pickupFarm: string;
let deliveryFarm: string;
beforeAll(async () => {
  pickupFarm = await createTestFarm(t, cast.owner, {
    name: 'Stand Farm',
    location: farmPoint,
    timeZone: 'America/Los_Angeles',
  });
  deliveryFarm = await createTestFarm(t, cast.otherFarmer, {
    name: 'Van Farm',
    location: farmPoint,
    timeZone: 'America/Los_Angeles',
    delivery: { enabled: true, radiusKm: 25, fee: 4.5, minimumOrder: 10 },
  });
});

function product(farmId: string, stock: number, price = 3) {
  const owner = farmId === deliveryFarm ? cast.otherFarmer : cast.owner;
  return createTestProduct(t, owner, farmId, {
    name: `Item ${randomUUID().slice(0, 6)}`,
    price,
    unit: 'each',
    categorySlug: 'vegetables',
    stock,
  });
}

async function stockOf(...ids: string[]): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.stock ?? -1);
}

describe('POST /api/orders', () => {
  it('turns a cart over two farms into two orders, one pickup and one delivery with its fee', async () => {
    const [carrots, honey] = [await product(pickupFarm, 5, 2.5), await product(deliveryFarm, 3, 6)];
    const res = await placeOrder(t, cast.customer, {
      items: [
        { productId: carrots, quantity: 2, price: 2.5 },
        { productId: honey, quantity: 2 },
      ],
      fulfilment: [
        { farmId: pickupFarm, method: 'pickup' },
        { farmId: deliveryFarm, method: 'delivery', address, point: nearby },
      ],
      note: 'Ring twice',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('2 orders placed');
    expect(body.orders).toHaveLength(2);
    const pickup = body.orders.find(
      (order: { farm: { id: string } }) => order.farm.id === pickupFarm,
    );
    const delivery = body.orders.find(
      (order: { farm: { id: string } }) => order.farm.id === deliveryFarm,
    );
    expect(pickup).toMatchObject({
      status: 'placed',
      subtotal: 5,
      deliveryFee: 0,
      total: 5,
      payment: 'pay_at_pickup',
      note: 'Ring twice',
      fulfilment: { method: 'pickup', slot: null },
      lines: [{ productId: carrots, quantity: 2, price: 2.5, lineTotal: 5 }],
      history: [{ status: 'placed', byRole: 'customer', reason: null }],
    });
    expect(pickup.number).toMatch(/^F-1\d{4}$/);
    expect(delivery).toMatchObject({
      subtotal: 12,
      deliveryFee: 4.5,
      total: 16.5,
      fulfilment: { method: 'delivery', address, point: nearby },
    });
    expect(delivery.fulfilment.distanceKm).toBeGreaterThan(5);
    expect(await stockOf(carrots, honey)).toEqual([3, 1]);
  });

  it("refuses what cannot be served with 'Insufficient stock', naming each product, and takes nothing", async () => {
    const [plenty, scarce] = [await product(pickupFarm, 10), await product(pickupFarm, 1)];
    const res = await placeOrder(
      t,
      cast.customer,
      pickupCart(pickupFarm, [
        { productId: plenty, quantity: 4 },
        { productId: scarce, quantity: 3 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Insufficient stock',
      code: 'INSUFFICIENT_STOCK',
      details: [{ field: 'items', productId: scarce, requested: 3, available: 1 }],
    });
    expect(await stockOf(plenty, scarce)).toEqual([10, 1]);
  });

  it('refuses a changed price with the current one', async () => {
    const id = await product(pickupFarm, 5, 4);
    const res = await placeOrder(t, cast.customer, {
      items: [{ productId: id, quantity: 1, price: 3.5 }],
      fulfilment: [{ farmId: pickupFarm, method: 'pickup' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      details: [{ productId: id, price: 4 }],
    });
    expect(await stockOf(id)).toEqual([5]);
  });

  it('refuses a product of a suspended farm', async () => {
    const closed = await createTestFarm(t, cast.owner, { name: 'Closed', location: farmPoint });
    const id = await product(closed, 5);
    await t.database.db.update(farms).set({ status: 'suspended' }).where(eq(farms.id, closed));
    const res = await placeOrder(
      t,
      cast.customer,
      pickupCart(closed, [{ productId: id, quantity: 1 }]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('FARM_NOT_ACTIVE');
  });

  it('refuses delivery outside the radius and under the minimum, with the reason', async () => {
    const id = await product(deliveryFarm, 50, 3);
    const deliver = (quantity: number, point: object) =>
      placeOrder(t, cast.customer, {
        items: [{ productId: id, quantity }],
        fulfilment: [{ farmId: deliveryFarm, method: 'delivery', address, point }],
      });
    const far = await deliver(5, faraway);
    expect(far.statusCode).toBe(409);
    expect(far.json().code).toBe('OUTSIDE_DELIVERY_RADIUS');
    const small = await deliver(1, nearby);
    expect(small.statusCode).toBe(409);
    expect(small.json().code).toBe('UNDER_DELIVERY_MINIMUM');
    expect(small.json().message).toContain('$10.00');
    const pickupOnly = await placeOrder(t, cast.customer, {
      items: [{ productId: await product(pickupFarm, 5), quantity: 1 }],
      fulfilment: [{ farmId: pickupFarm, method: 'delivery', address, point: nearby }],
    });
    expect(pickupOnly.json().code).toBe('DELIVERY_NOT_OFFERED');
    expect(await stockOf(id)).toEqual([50]);
  });

  it('asks for a choice for every farm in the cart', async () => {
    const id = await product(deliveryFarm, 5);
    const res = await placeOrder(t, cast.customer, {
      items: [{ productId: id, quantity: 1 }],
      fulfilment: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('FULFILMENT_MISSING');
  });

  it('offers pickup only in a real, open slot of the farm, and not in a full one', async () => {
    const farmId = await createTestFarm(t, cast.owner, {
      name: 'Window Farm',
      location: farmPoint,
      timeZone: 'America/Los_Angeles',
      pickupWindows: [
        { kind: 'weekly', day: 'saturday', from: '09:00', to: '12:00', place: 'Barn', capacity: 1 },
      ],
    });
    const id = await product(farmId, 10);
    const slots = await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}/pickup-slots` });
    expect(slots.statusCode).toBe(200);
    const [first, second] = slots.json().slots;
    expect(first).toMatchObject({ place: 'Barn', capacity: 1, remaining: 1, from: '09:00' });

    const choose = (slotId?: string) =>
      placeOrder(t, cast.customer, {
        items: [{ productId: id, quantity: 1 }],
        fulfilment: [{ farmId, method: 'pickup', slotId }],
      });
    expect((await choose()).json().code).toBe('PICKUP_SLOT_REQUIRED');
    expect((await choose(`${first.windowId}:2001-01-06`)).json().code).toBe(
      'PICKUP_SLOT_UNAVAILABLE',
    );
    const placed = await choose(first.id);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().orders[0].fulfilment.slot).toMatchObject({
      id: first.id,
      date: first.date,
      place: 'Barn',
      startsAt: first.startsAt,
    });
    const full = await choose(first.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('PICKUP_WINDOW_FULL');
    expect((await choose(second.id)).statusCode).toBe(201);
    expect(await stockOf(id)).toEqual([8]);
  });

  it('needs a customer, an Idempotency-Key and a valid body', async () => {
    const id = await product(pickupFarm, 5);
    const cart = pickupCart(pickupFarm, [{ productId: id, quantity: 1 }]);
    const guest = await t.app.inject({ method: 'POST', url: '/api/orders', payload: cart });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('You must be logged in to place an order');
    expect((await placeOrder(t, cast.owner, cart)).statusCode).toBe(403);
    const keyless = await placeOrder(t, cast.customer, cart, null);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const empty = await placeOrder(t, cast.customer, { ...cart, items: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].field).toBe('items');
    // This farm has not connected payouts: card is refused, and nothing is taken.
    const card = await placeOrder(t, cast.customer, { ...cart, payment: 'card' });
    expect(card.statusCode).toBe(409);
    expect(card.json().code).toBe('CARD_NOT_ACCEPTED');
    expect(card.json().details[0].field).toBe('payment');
    const zero = await placeOrder(
      t,
      cast.customer,
      pickupCart(pickupFarm, [{ productId: id, quantity: 0 }]),
    );
    expect(zero.json().details[0].field).toBe('items.0.quantity');
    expect(await stockOf(id)).toEqual([5]);
  });
});

describe('Idempotency-Key', () => {
  it('answers the same orders to the same key and body, and takes the stock once', async () => {
    const id = await product(pickupFarm, 5);
    const cart = pickupCart(pickupFarm, [{ productId: id, quantity: 2 }]);
    const key = randomUUID();
    const first = await placeOrder(t, cast.customer, cart, key);
    const again = await placeOrder(t, cast.customer, cart, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(id)).toEqual([3]);

    const other = await placeOrder(
      t,
      cast.customer,
      pickupCart(pickupFarm, [{ productId: id, quantity: 1 }]),
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await stockOf(id)).toEqual([3]);
  });

  it('forgets a key after a day', async () => {
    const id = await product(pickupFarm, 5);
    const key = randomUUID();
    await placeOrder(
      t,
      cast.customer,
      pickupCart(pickupFarm, [{ productId: id, quantity: 1 }]),
      key,
    );
    await t.database.db
      .update(checkoutRequests)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(checkoutRequests.key, key));
    const later = await placeOrder(
      t,
      cast.customer,
      pickupCart(pickupFarm, [{ productId: id, quantity: 2 }]),
      key,
    );
    expect(later.statusCode).toBe(201);
    expect(await stockOf(id)).toEqual([2]);
  });

  it('makes one order when the same key is sent 20 times at once', async () => {
    const id = await product(pickupFarm, 50);
    const cart = pickupCart(pickupFarm, [{ productId: id, quantity: 1 }]);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder(t, cast.customer, cart, key)),
    );
    for (const res of answers) expect(res.statusCode).toBe(201);
    const ids = new Set(answers.map((res) => res.json().orders[0].id));
    expect(ids.size).toBe(1);
    expect(await stockOf(id)).toEqual([49]);
    const made = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, [...ids]));
    expect(made).toHaveLength(1);
  });
});
