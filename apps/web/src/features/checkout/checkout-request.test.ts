import { cartReducer, emptyCart } from '@furrow/domain/cart';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  ATTEMPT_STORAGE_KEY,
  cartRepairs,
  checkoutBody,
  createAttemptKeys,
  describeRefusal,
} from './checkout-request';

const cart = {
  items: [
    {
      productId: 'tomatoes',
      name: 'Heirloom tomatoes',
      priceCents: 450,
      unit: 'lb',
      stock: 3,
      farmId: 'green-acres',
      farmName: 'Green Acres',
      quantity: 3,
    },
    {
      productId: 'sourdough',
      name: 'Sourdough loaf',
      priceCents: 800,
      unit: 'loaf',
      stock: 5,
      farmId: 'rise-farm',
      farmName: 'Rise Farm',
      quantity: 1,
    },
    {
      productId: 'basil',
      name: 'Basil',
      priceCents: 300,
      unit: 'bunch',
      stock: 10,
      farmId: 'green-acres',
      farmName: 'Green Acres',
      quantity: 2,
    },
  ],
};

describe('checkoutBody', () => {
  it('sends every line with the price seen, and one choice per farm', () => {
    const body = checkoutBody({
      cart,
      choices: {
        'green-acres': { method: 'pickup', slotId: 'w1:2026-11-28' },
        'rise-farm': { method: 'delivery' },
      },
      delivery: {
        address: { line: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201' },
        point: { lat: 45.5, lng: -122.6 },
      },
      payment: 'pay_at_pickup',
      note: '  Ring twice ',
    });
    expect(body).toEqual({
      items: [
        { productId: 'tomatoes', quantity: 3, price: 4.5 },
        { productId: 'sourdough', quantity: 1, price: 8 },
        { productId: 'basil', quantity: 2, price: 3 },
      ],
      fulfilment: [
        { farmId: 'green-acres', method: 'pickup', slotId: 'w1:2026-11-28' },
        {
          farmId: 'rise-farm',
          method: 'delivery',
          address: { line: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97201' },
          point: { lat: 45.5, lng: -122.6 },
        },
      ],
      payment: 'pay_at_pickup',
      note: 'Ring twice',
    });
  });

  it('sends pickup without a slot for a farm that has no windows', () => {
    const body = checkoutBody({ cart, choices: {}, payment: 'pay_at_pickup', note: '' });
    expect(body.fulfilment).toEqual([
      { farmId: 'green-acres', method: 'pickup' },
      { farmId: 'rise-farm', method: 'pickup' },
    ]);
  });
});

describe('createAttemptKeys', () => {
  const body = checkoutBody({ cart, choices: {}, payment: 'pay_at_pickup', note: '' });
  const counter = () => {
    let made = 0;
    return () => `key-${++made}`;
  };

  it('reuses the key for the same body, so a retry cannot order twice', () => {
    const attempts = createAttemptKeys(counter());
    expect(attempts.keyFor(body)).toBe('key-1');
    expect(attempts.keyFor(structuredClone(body))).toBe('key-1');
  });

  it('keeps the attempt through a reload of the tab', () => {
    const newKey = counter();
    createAttemptKeys(newKey).keyFor(body);
    expect(createAttemptKeys(newKey).keyFor(body)).toBe('key-1');
  });

  it('takes a new key when the order changed, or once the last one was placed', () => {
    const attempts = createAttemptKeys(counter());
    attempts.keyFor(body);
    expect(attempts.keyFor({ ...body, note: 'Leave at the door' })).toBe('key-2');
    attempts.done();
    expect(sessionStorage.getItem(ATTEMPT_STORAGE_KEY)).toBeNull();
    expect(attempts.keyFor({ ...body, note: 'Leave at the door' })).toBe('key-3');
  });
});

describe('cartRepairs', () => {
  const apply = (details: Parameters<typeof cartRepairs>[1]) =>
    cartRepairs(cart, details).reduce(cartReducer, cart);

  it('drops a short line to what is left, and caps it there', () => {
    const repaired = apply([
      {
        field: 'items',
        message: 'Only 1 left of Heirloom tomatoes',
        productId: 'tomatoes',
        requested: 3,
        available: 1,
      },
    ]);
    const tomatoes = repaired.items.find((item) => item.productId === 'tomatoes');
    expect(tomatoes).toMatchObject({ quantity: 1, stock: 1, priceCents: 450 });
    expect(repaired.items).toHaveLength(3);
  });

  it('takes a sold-out line out', () => {
    const repaired = apply([
      {
        field: 'items',
        message: 'Basil is sold out',
        productId: 'basil',
        requested: 2,
        available: 0,
      },
    ]);
    expect(repaired.items.map((item) => item.productId)).toEqual(['tomatoes', 'sourdough']);
  });

  it('takes the new price and keeps the quantity', () => {
    const repaired = apply([
      {
        field: 'items',
        message: 'The price of Sourdough loaf is now $9.00',
        productId: 'sourdough',
        price: 9,
      },
    ]);
    expect(repaired.items.find((item) => item.productId === 'sourdough')).toMatchObject({
      priceCents: 900,
      quantity: 1,
    });
  });

  it('leaves alone what the cart no longer holds', () => {
    expect(
      cartRepairs(emptyCart, [{ field: 'items', message: 'x', productId: 'basil', available: 0 }]),
    ).toEqual([]);
  });
});

describe('describeRefusal', () => {
  it("lists each changed line of a stock or price refusal, in the server's words", () => {
    const refusal = describeRefusal(
      new ApiError(409, {
        message: 'Insufficient stock',
        code: 'INSUFFICIENT_STOCK',
        details: [{ field: 'items', message: 'Basil is sold out' }],
      }),
    );
    expect(refusal).toEqual({
      title: 'Insufficient stock. We updated your cart:',
      lines: ['Basil is sold out', 'Check your order and place it again.'],
    });
  });

  it('says a hidden product left the cart', () => {
    const refusal = describeRefusal(
      new ApiError(409, {
        message: 'This product is not for sale right now',
        code: 'PRODUCT_HIDDEN',
        details: [{ field: 'items', message: 'Basil is not for sale right now', available: 0 }],
      }),
    );
    expect(refusal).toEqual({
      title: 'This product is not for sale right now. We updated your cart:',
      lines: ['Basil is not for sale right now', 'Check your order and place it again.'],
    });
  });

  it('says any other refusal once, without repeating it as a line', () => {
    const tooFar = 'This address is 40 km from Green Acres, which delivers within 25 km';
    const refusal = describeRefusal(
      new ApiError(409, {
        message: tooFar,
        code: 'OUTSIDE_DELIVERY_RADIUS',
        details: [{ field: 'fulfilment', message: tooFar }],
      }),
    );
    expect(refusal).toEqual({ title: tooFar, lines: [] });
  });
});
