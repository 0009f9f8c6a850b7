import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CheckoutItem,
  type CheckoutProduct,
  inLockOrder,
  reviewCheckout,
  stockShortfalls,
} from './checkout';

const today = '2027-05-01';
const carrots: CheckoutProduct = {
  id: 'p-2-carrots',
  name: 'Carrots',
  unit: 'bunch',
  priceCents: 349,
  stock: 5,
  availableFrom: null,
  farmId: 'f-meadow',
  farmName: 'Meadow Farm',
  farmActive: true,
  hidden: false,
};
const honey: CheckoutProduct = {
  ...carrots,
  id: 'p-1-honey',
  name: 'Honey',
  unit: 'jar',
  priceCents: 1250,
  stock: 2,
};
const eggs: CheckoutProduct = {
  ...carrots,
  id: 'p-3-eggs',
  name: 'Eggs',
  unit: 'dozen',
  priceCents: 599,
  stock: 0,
  farmId: 'f-hill',
  farmName: 'Hill Farm',
};
const products = new Map([carrots, honey, eggs].map((product) => [product.id, product]));
const bothFarms = ['f-meadow', 'f-hill'];

describe('reviewCheckout', () => {
  it('groups snapshot lines by farm, lines and farms in id order', () => {
    const review = reviewCheckout(
      [
        { productId: 'p-2-carrots', quantity: 2, price: 3.49 },
        { productId: 'p-1-honey', quantity: 1 },
      ],
      products,
      ['f-meadow'],
      today,
    );
    expect(review).toEqual({
      ok: true,
      farms: [
        {
          farmId: 'f-meadow',
          lines: [
            {
              productId: 'p-1-honey',
              name: 'Honey',
              unit: 'jar',
              priceCents: 1250,
              quantity: 1,
              lineTotalCents: 1250,
            },
            {
              productId: 'p-2-carrots',
              name: 'Carrots',
              unit: 'bunch',
              priceCents: 349,
              quantity: 2,
              lineTotalCents: 698,
            },
          ],
        },
      ],
    });
  });

  it("answers 'Insufficient stock' naming every product short and how many are left", () => {
    const review = reviewCheckout(
      [
        { productId: 'p-3-eggs', quantity: 1 },
        { productId: 'p-1-honey', quantity: 3 },
        { productId: 'p-2-carrots', quantity: 5 },
      ],
      products,
      bothFarms,
      today,
    );
    expect(review).toEqual({
      ok: false,
      code: 'INSUFFICIENT_STOCK',
      details: [
        {
          field: 'items',
          message: 'Only 2 left of Honey',
          productId: 'p-1-honey',
          name: 'Honey',
          requested: 3,
          available: 2,
        },
        {
          field: 'items',
          message: 'Eggs is sold out',
          productId: 'p-3-eggs',
          name: 'Eggs',
          requested: 1,
          available: 0,
        },
      ],
    });
  });

  it('refuses a changed price with the current price, and ignores lines sent without one', () => {
    expect(
      reviewCheckout(
        [
          { productId: 'p-2-carrots', quantity: 1, price: 2.99 },
          { productId: 'p-1-honey', quantity: 1 },
        ],
        products,
        bothFarms,
        today,
      ),
    ).toEqual({
      ok: false,
      code: 'PRICE_CHANGED',
      details: [
        {
          field: 'items',
          message: 'The price of Carrots is now $3.49',
          productId: 'p-2-carrots',
          name: 'Carrots',
          price: 3.49,
        },
      ],
    });
  });

  it('checks in the order a shopper can fix things: gone, closed, hidden, no choice, price, stock', () => {
    const item = (productId: string, extra: Partial<CheckoutItem> = {}) => ({
      productId,
      quantity: 1,
      ...extra,
    });
    const closedHill = new Map(products).set('p-3-eggs', { ...eggs, farmActive: false });
    expect(reviewCheckout([item('p-9'), item('p-3-eggs')], closedHill, [], today)).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      details: [{ productId: 'p-9' }],
    });
    expect(reviewCheckout([item('p-3-eggs')], closedHill, [], today)).toMatchObject({
      code: 'FARM_NOT_ACTIVE',
      details: [{ message: 'Hill Farm is not taking orders right now', productId: 'p-3-eggs' }],
    });
    const hiddenHoney = new Map(products).set('p-1-honey', { ...honey, hidden: true });
    expect(reviewCheckout([item('p-1-honey')], hiddenHoney, [], today)).toMatchObject({
      code: 'PRODUCT_HIDDEN',
      details: [{ message: 'Honey is not for sale right now', productId: 'p-1-honey' }],
    });
    expect(
      reviewCheckout([item('p-3-eggs'), item('p-1-honey', { price: 1 })], products, [], today),
    ).toMatchObject({
      code: 'FULFILMENT_MISSING',
      details: [
        { field: 'fulfilment', message: 'Choose pickup or delivery for Meadow Farm' },
        { field: 'fulfilment', message: 'Choose pickup or delivery for Hill Farm' },
      ],
    });
    expect(
      reviewCheckout(
        [item('p-3-eggs'), item('p-1-honey', { price: 1 })],
        products,
        bothFarms,
        today,
      ),
    ).toMatchObject({ code: 'PRICE_CHANGED' });
  });

  it('sells nothing of an upcoming product before its harvest day', () => {
    const upcoming = new Map(products).set('p-1-honey', { ...honey, availableFrom: '2027-06-01' });
    expect(stockShortfalls([{ productId: 'p-1-honey', quantity: 1 }], upcoming, today)).toEqual([
      { productId: 'p-1-honey', name: 'Honey', requested: 1, available: 0 },
    ]);
    expect(
      stockShortfalls([{ productId: 'p-1-honey', quantity: 1 }], upcoming, '2027-06-01'),
    ).toEqual([]);
  });

  it('accepts a cart exactly when every line fits, and then takes no more than each stock', () => {
    const itemsArb = fc.uniqueArray(
      fc.record({
        productId: fc.constantFrom('p-1-honey', 'p-2-carrots', 'p-3-eggs'),
        quantity: fc.integer({ min: 1, max: 6 }),
      }),
      { selector: (item) => item.productId, minLength: 1 },
    );
    fc.assert(
      fc.property(itemsArb, (items) => {
        const review = reviewCheckout(items, products, bothFarms, today);
        const fits = items.every(
          (item) => item.quantity <= (products.get(item.productId)?.stock ?? 0),
        );
        expect(review.ok).toBe(fits);
        if (review.ok) {
          const lines = review.farms.flatMap((farm) => farm.lines);
          expect(lines).toHaveLength(items.length);
          for (const line of lines) {
            expect(line.quantity).toBeLessThanOrEqual(products.get(line.productId)?.stock ?? 0);
            expect(line.lineTotalCents).toBe(line.priceCents * line.quantity);
          }
        }
      }),
    );
  });
});

describe('inLockOrder', () => {
  it('sorts by product id without touching the input', () => {
    const items = [{ productId: 'b' }, { productId: 'a' }, { productId: 'c' }];
    expect(inLockOrder(items).map((item) => item.productId)).toEqual(['a', 'b', 'c']);
    expect(items[0]?.productId).toBe('b');
  });
});
