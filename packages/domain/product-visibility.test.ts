import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hiddenByPlanLimit,
  isHidden,
  planHidingChanges,
  type ShopProduct,
} from './product-visibility';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
const product = (id: string, created: number, hiddenByFarmer = false): ShopProduct => ({
  id,
  createdAt: day(created),
  hiddenByFarmer,
});

const shopProducts = fc.uniqueArray(
  fc.record({
    id: fc.uuid(),
    createdAt: fc.integer({ min: 0, max: 60 }).map(day),
    hiddenByFarmer: fc.boolean(),
  }),
  { selector: (p) => p.id, maxLength: 40 },
);

describe('isHidden', () => {
  it('hides a product hidden by its farmer, by the plan, or by both', () => {
    expect(isHidden({ hiddenByFarmer: false, hiddenByPlan: false })).toBe(false);
    expect(isHidden({ hiddenByFarmer: true, hiddenByPlan: false })).toBe(true);
    expect(isHidden({ hiddenByFarmer: false, hiddenByPlan: true })).toBe(true);
    expect(isHidden({ hiddenByFarmer: true, hiddenByPlan: true })).toBe(true);
  });
});

describe('hiddenByPlanLimit', () => {
  it('hides the newest products past the limit', () => {
    const products = [product('a', 3), product('b', 1), product('c', 2), product('d', 4)];
    expect([...hiddenByPlanLimit(products, 2)].sort()).toEqual(['a', 'd']);
  });

  it('does not count products the farmer hid, nor hide them again', () => {
    const products = [product('a', 1), product('b', 2, true), product('c', 3), product('d', 4)];
    expect([...hiddenByPlanLimit(products, 2)]).toEqual(['d']);
  });

  it('hides nothing within the limit', () => {
    expect(hiddenByPlanLimit([product('a', 1), product('b', 2)], 2).size).toBe(0);
  });

  it('leaves at most the limit shown, keeps the oldest, never touches farmer-hidden ones', () => {
    fc.assert(
      fc.property(shopProducts, fc.integer({ min: 0, max: 30 }), (products, limit) => {
        const hidden = hiddenByPlanLimit(products, limit);
        const farmerShown = products.filter((p) => !p.hiddenByFarmer);
        const shown = farmerShown.filter((p) => !hidden.has(p.id));
        expect(shown.length).toBe(Math.min(limit, farmerShown.length));
        for (const p of products) if (p.hiddenByFarmer) expect(hidden.has(p.id)).toBe(false);
        const newestShown = Math.max(...shown.map((p) => p.createdAt.getTime()));
        for (const p of farmerShown) {
          if (hidden.has(p.id)) expect(p.createdAt.getTime()).toBeGreaterThanOrEqual(newestShown);
        }
      }),
    );
  });

  it('does not depend on the order the products come in', () => {
    fc.assert(
      fc.property(shopProducts, fc.nat(30), (products, limit) => {
        const reversed = hiddenByPlanLimit([...products].reverse(), limit);
        expect([...reversed].sort()).toEqual([...hiddenByPlanLimit(products, limit)].sort());
      }),
    );
  });
});

describe('planHidingChanges', () => {
  it('names the products newly hidden and those shown again', () => {
    const products = [
      { id: 'a', hiddenByPlan: false },
      { id: 'b', hiddenByPlan: true },
      { id: 'c', hiddenByPlan: true },
    ];
    const { hide, show } = planHidingChanges(products, new Set(['a', 'c']));
    expect(hide.map((p) => p.id)).toEqual(['a']);
    expect(show.map((p) => p.id)).toEqual(['b']);
  });
});
