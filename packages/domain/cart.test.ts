import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CartAction,
  type CartItem,
  type CartProduct,
  type CartState,
  canAddToCart,
  cartCount,
  cartReducer,
  cartSummary,
  cartTotalCents,
  checkoutItems,
  emptyCart,
  groupByFarm,
  quantityInCart,
} from './cart';

const carrots: CartProduct = {
  productId: 'p-carrots',
  name: 'Carrots',
  priceCents: 349,
  unit: 'bunch',
  stock: 5,
  farmId: 'f-meadow',
  farmName: 'Meadow Farm',
  imageUrl: null,
};
const eggs: CartProduct = {
  productId: 'p-eggs',
  name: 'Eggs',
  priceCents: 599,
  unit: 'dozen',
  stock: 3,
  farmId: 'f-hill',
  farmName: 'Hill Farm',
};
const honey: CartProduct = {
  productId: 'p-honey',
  name: 'Wildflower honey',
  priceCents: 1250,
  unit: 'jar',
  stock: 10,
  farmId: 'f-meadow',
  farmName: 'Meadow Farm',
  imageUrl: '/uploads/honey.webp',
};

function run(actions: CartAction[], start: CartState = emptyCart): CartState {
  return actions.reduce(cartReducer, start);
}

describe('cartReducer: add', () => {
  it('adds a new product with quantity 1 by default', () => {
    const state = cartReducer(emptyCart, { type: 'add', item: carrots });
    expect(state.items).toEqual([{ ...carrots, quantity: 1 }]);
  });

  it('adds the given quantity', () => {
    const state = cartReducer(emptyCart, { type: 'add', item: carrots, quantity: 4 });
    expect(quantityInCart(state, 'p-carrots')).toBe(4);
  });

  it('increases the quantity of a product already in the cart', () => {
    const state = run([
      { type: 'add', item: carrots, quantity: 2 },
      { type: 'add', item: eggs },
      { type: 'add', item: carrots, quantity: 3 },
    ]);
    expect(state.items.map((item) => [item.productId, item.quantity])).toEqual([
      ['p-carrots', 5],
      ['p-eggs', 1],
    ]);
  });

  it('allows exactly the stock', () => {
    const state = cartReducer(emptyCart, { type: 'add', item: eggs, quantity: 3 });
    expect(quantityInCart(state, 'p-eggs')).toBe(3);
  });

  it('ignores an add beyond stock and returns the same state', () => {
    const before = run([{ type: 'add', item: eggs, quantity: 2 }]);
    const after = cartReducer(before, { type: 'add', item: eggs, quantity: 2 });
    expect(after).toBe(before);
    expect(cartReducer(emptyCart, { type: 'add', item: eggs, quantity: 4 })).toBe(emptyCart);
  });

  it('ignores adding a product that is out of stock', () => {
    expect(cartReducer(emptyCart, { type: 'add', item: { ...eggs, stock: 0 } })).toBe(emptyCart);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'ignores an add of quantity %s',
    (quantity) => {
      const before = run([{ type: 'add', item: carrots }]);
      expect(cartReducer(before, { type: 'add', item: carrots, quantity })).toBe(before);
    },
  );

  it('refreshes the snapshot from the newer add', () => {
    const before = run([{ type: 'add', item: carrots }]);
    const after = cartReducer(before, {
      type: 'add',
      item: { ...carrots, priceCents: 399, stock: 2 },
    });
    expect(after.items).toEqual([{ ...carrots, priceCents: 399, stock: 2, quantity: 2 }]);
  });

  it('checks the newer stock when the product was re-added', () => {
    const before = run([{ type: 'add', item: carrots, quantity: 3 }]);
    expect(cartReducer(before, { type: 'add', item: { ...carrots, stock: 3 } })).toBe(before);
  });

  it('does not mutate the previous state', () => {
    const before = run([{ type: 'add', item: carrots }]);
    const snapshot = JSON.parse(JSON.stringify(before));
    run(
      [
        { type: 'add', item: carrots },
        { type: 'updateQuantity', productId: 'p-carrots', quantity: 4 },
        { type: 'remove', productId: 'p-carrots' },
        { type: 'clear' },
      ],
      before,
    );
    expect(before).toEqual(snapshot);
  });
});

describe('cartReducer: remove, updateQuantity, clear', () => {
  const filled = run([
    { type: 'add', item: carrots, quantity: 2 },
    { type: 'add', item: eggs, quantity: 1 },
  ]);

  it('removes a product', () => {
    const state = cartReducer(filled, { type: 'remove', productId: 'p-carrots' });
    expect(state.items.map((item) => item.productId)).toEqual(['p-eggs']);
  });

  it('returns the same state when removing a product not in the cart', () => {
    expect(cartReducer(filled, { type: 'remove', productId: 'p-none' })).toBe(filled);
  });

  it('sets a quantity within stock', () => {
    const state = cartReducer(filled, {
      type: 'updateQuantity',
      productId: 'p-carrots',
      quantity: 5,
    });
    expect(quantityInCart(state, 'p-carrots')).toBe(5);
    expect(quantityInCart(state, 'p-eggs')).toBe(1);
  });

  it('ignores an update beyond stock and returns the same state', () => {
    expect(
      cartReducer(filled, { type: 'updateQuantity', productId: 'p-carrots', quantity: 6 }),
    ).toBe(filled);
  });

  it.each([0, -3])('removes the product when the quantity becomes %s', (quantity) => {
    const state = cartReducer(filled, { type: 'updateQuantity', productId: 'p-eggs', quantity });
    expect(state.items.map((item) => item.productId)).toEqual(['p-carrots']);
  });

  it.each([2.5, Number.NaN])('ignores an update to quantity %s', (quantity) => {
    expect(cartReducer(filled, { type: 'updateQuantity', productId: 'p-eggs', quantity })).toBe(
      filled,
    );
  });

  it('ignores an update for a product not in the cart', () => {
    expect(cartReducer(filled, { type: 'updateQuantity', productId: 'p-none', quantity: 1 })).toBe(
      filled,
    );
  });

  it('returns the same state when the quantity does not change', () => {
    expect(
      cartReducer(filled, { type: 'updateQuantity', productId: 'p-carrots', quantity: 2 }),
    ).toBe(filled);
  });

  it('clears the cart', () => {
    const state = cartReducer(filled, { type: 'clear' });
    expect(state.items).toEqual([]);
    expect(cartTotalCents(state)).toBe(0);
    expect(cartReducer(emptyCart, { type: 'clear' })).toBe(emptyCart);
  });
});

describe('cart totals and views', () => {
  const state = run([
    { type: 'add', item: carrots, quantity: 2 },
    { type: 'add', item: eggs, quantity: 3 },
    { type: 'add', item: honey, quantity: 1 },
  ]);

  it('totals price times quantity in cents', () => {
    expect(cartTotalCents(state)).toBe(2 * 349 + 3 * 599 + 1250);
    expect(cartTotalCents(emptyCart)).toBe(0);
  });

  it('counts units', () => {
    expect(cartCount(state)).toBe(6);
    expect(cartCount(emptyCart)).toBe(0);
  });

  it('groups items by farm in the order farms first appear', () => {
    const groups = groupByFarm(state.items);
    expect(groups.map((group) => [group.farmId, group.farmName, group.count])).toEqual([
      ['f-meadow', 'Meadow Farm', 3],
      ['f-hill', 'Hill Farm', 3],
    ]);
    expect(groups[0]?.items.map((item) => item.productId)).toEqual(['p-carrots', 'p-honey']);
    expect(groups[0]?.subtotalCents).toBe(2 * 349 + 1250);
    expect(groups[1]?.subtotalCents).toBe(3 * 599);
    expect(groupByFarm([])).toEqual([]);
  });

  it('says whether an add would be accepted', () => {
    expect(canAddToCart(state, eggs)).toBe(false);
    expect(canAddToCart(state, carrots, 3)).toBe(true);
    expect(canAddToCart(state, carrots, 4)).toBe(false);
    expect(canAddToCart(emptyCart, honey, 0)).toBe(false);
  });

  it('lists the checkout lines', () => {
    expect(checkoutItems(state)).toEqual([
      { productId: 'p-carrots', quantity: 2, price: 3.49 },
      { productId: 'p-eggs', quantity: 3, price: 5.99 },
      { productId: 'p-honey', quantity: 1, price: 12.5 },
    ]);
  });

  it('sums up the cart by farm with subtotals, total and count', () => {
    const summary = cartSummary(state);
    expect(summary.farms.map((farm) => [farm.farmName, farm.subtotalCents])).toEqual([
      ['Meadow Farm', 2 * 349 + 1250],
      ['Hill Farm', 3 * 599],
    ]);
    expect(summary.totalCents).toBe(2 * 349 + 3 * 599 + 1250);
    expect(summary.count).toBe(6);
    expect(cartSummary(emptyCart)).toEqual({ farms: [], totalCents: 0, count: 0 });
  });
});

describe('cart properties', () => {
  const productArb: fc.Arbitrary<CartProduct> = fc.record({
    productId: fc.constantFrom('p1', 'p2', 'p3', 'p4'),
    name: fc.string(),
    priceCents: fc.integer({ min: 0, max: 100_000 }),
    unit: fc.constantFrom('each', 'lb', 'dozen'),
    stock: fc.integer({ min: 0, max: 20 }),
    farmId: fc.constantFrom('f1', 'f2'),
    farmName: fc.string(),
    imageUrl: fc.option(fc.webUrl(), { nil: null }),
  });
  const quantityArb = fc.oneof(
    fc.integer({ min: -5, max: 25 }),
    fc.constantFrom(Number.NaN, 0.5, Number.POSITIVE_INFINITY),
  );
  const actionArb: fc.Arbitrary<CartAction> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ type: fc.constant('add' as const), item: productArb }) },
    {
      weight: 5,
      arbitrary: fc.record({
        type: fc.constant('add' as const),
        item: productArb,
        quantity: quantityArb,
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('remove' as const),
        productId: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5'),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        type: fc.constant('updateQuantity' as const),
        productId: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5'),
        quantity: quantityArb,
      }),
    },
    { weight: 1, arbitrary: fc.constant({ type: 'clear' as const }) },
  );
  const actionsArb = fc.array(actionArb, { maxLength: 40 });

  function sum(items: readonly CartItem[]): number {
    let total = 0;
    for (const item of items) total += item.priceCents * item.quantity;
    return total;
  }

  it('keeps the total equal to the sum of price times quantity', () => {
    fc.assert(
      fc.property(actionsArb, (actions) => {
        const state = run(actions);
        expect(cartTotalCents(state)).toBe(sum(state.items));
        expect(cartCount(state)).toBe(state.items.reduce((n, item) => n + item.quantity, 0));
      }),
    );
  });

  it('never lets a quantity exceed stock or fall below 1, and keeps one line per product', () => {
    fc.assert(
      fc.property(actionsArb, (actions) => {
        let state = emptyCart;
        for (const action of actions) {
          state = cartReducer(state, action);
          for (const item of state.items) {
            expect(Number.isSafeInteger(item.quantity)).toBe(true);
            expect(item.quantity).toBeGreaterThanOrEqual(1);
            expect(item.quantity).toBeLessThanOrEqual(item.stock);
          }
          const ids = state.items.map((item) => item.productId);
          expect(new Set(ids).size).toBe(ids.length);
        }
      }),
    );
  });

  it('returns the identical state for an add or update it rejects', () => {
    fc.assert(
      fc.property(actionsArb, productArb, quantityArb, (actions, product, quantity) => {
        const state = run(actions);
        const inCart = quantityInCart(state, product.productId);
        const added = cartReducer(state, { type: 'add', item: product, quantity });
        const addRejected =
          !Number.isSafeInteger(quantity) || quantity <= 0 || inCart + quantity > product.stock;
        expect(added === state).toBe(addRejected);

        const line = state.items.find((item) => item.productId === product.productId);
        const updated = cartReducer(state, {
          type: 'updateQuantity',
          productId: product.productId,
          quantity,
        });
        if (line !== undefined && quantity > line.stock) expect(updated).toBe(state);
        if (line === undefined) expect(updated).toBe(state);
      }),
    );
  });

  it('keeps the grouped subtotals summing to the cart total', () => {
    fc.assert(
      fc.property(actionsArb, (actions) => {
        const state = run(actions);
        const groups = groupByFarm(state.items);
        expect(groups.reduce((n, group) => n + group.subtotalCents, 0)).toBe(cartTotalCents(state));
        const summary = cartSummary(state);
        expect(summary.totalCents).toBe(sum(state.items));
        expect(summary.farms.reduce((n, farm) => n + farm.count, 0)).toBe(summary.count);
        for (const farm of summary.farms) {
          expect(farm.subtotalCents).toBe(sum(farm.items));
          expect(farm.items.every((item) => item.farmId === farm.farmId)).toBe(true);
        }
        expect(groups.flatMap((group) => group.items)).toHaveLength(state.items.length);
      }),
    );
  });

  it('empties the cart on clear whatever came before', () => {
    fc.assert(
      fc.property(actionsArb, (actions) => {
        const state = cartReducer(run(actions), { type: 'clear' });
        expect(state.items).toEqual([]);
        expect(cartTotalCents(state)).toBe(0);
        expect(cartCount(state)).toBe(0);
      }),
    );
  });
});
