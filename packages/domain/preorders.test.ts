import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocatePreorders, canPreorder, isUpcoming, sellableStock } from './preorders';

const today = '2027-05-01';

describe('which products may be pre-ordered', () => {
  it('allows sold-out and upcoming products only', () => {
    expect(canPreorder({ stock: 0, availableFrom: null }, today)).toBe(true);
    expect(canPreorder({ stock: 12, availableFrom: '2027-06-15' }, today)).toBe(true);
    expect(canPreorder({ stock: 12, availableFrom: null }, today)).toBe(false);
    expect(canPreorder({ stock: 12, availableFrom: today }, today)).toBe(false);
  });

  it('holds back the stock of an upcoming product until its day', () => {
    expect(isUpcoming({ availableFrom: '2027-05-02' }, today)).toBe(true);
    expect(sellableStock({ stock: 12, availableFrom: '2027-05-02' }, today)).toBe(0);
    expect(sellableStock({ stock: 12, availableFrom: '2027-05-02' }, '2027-05-02')).toBe(12);
  });
});

describe('allocatePreorders', () => {
  it('fills 2 and 1 of pre-orders 2, 4, 1 with 5 units; the 4 waits and 2 are left', () => {
    const [a, b, c] = [
      { id: 'a', quantity: 2 },
      { id: 'b', quantity: 4 },
      { id: 'c', quantity: 1 },
    ];
    expect(allocatePreorders([a, b, c], 5)).toEqual({
      filled: [a, c],
      waiting: [b],
      remainingStock: 2,
    });
  });

  it('fills oldest first when stock is short for both', () => {
    expect(allocatePreorders([{ quantity: 3 }, { quantity: 3 }], 4)).toEqual({
      filled: [{ quantity: 3 }],
      waiting: [{ quantity: 3 }],
      remainingStock: 1,
    });
  });

  it('refuses nonsense quantities', () => {
    expect(() => allocatePreorders([{ quantity: 0 }], 5)).toThrow(RangeError);
    expect(() => allocatePreorders([], -1)).toThrow(RangeError);
  });

  const pendingArb = fc.array(
    fc.record({ id: fc.uuid(), quantity: fc.integer({ min: 1, max: 20 }) }),
    { maxLength: 30 },
  );
  const stockArb = fc.integer({ min: 0, max: 100 });
  const sum = (items: readonly { quantity: number }[]) =>
    items.reduce((total, item) => total + item.quantity, 0);

  it('never hands out more than arrived, and accounts for every unit', () => {
    fc.assert(
      fc.property(pendingArb, stockArb, (pending, stock) => {
        const { filled, remainingStock } = allocatePreorders(pending, stock);
        expect(sum(filled)).toBeLessThanOrEqual(stock);
        expect(remainingStock).toBe(stock - sum(filled));
      }),
    );
  });

  it('fills each pre-order whole and keeps every pre-order, in its order', () => {
    fc.assert(
      fc.property(pendingArb, stockArb, (pending, stock) => {
        const { filled, waiting } = allocatePreorders(pending, stock);
        // Same objects, quantities untouched, each in exactly one list.
        expect([...filled, ...waiting].sort((x, y) => x.id.localeCompare(y.id))).toEqual(
          [...pending].sort((x, y) => x.id.localeCompare(y.id)),
        );
        for (const list of [filled, waiting]) {
          const positions = list.map((item) => pending.indexOf(item));
          expect(positions).toEqual([...positions].sort((x, y) => x - y));
          expect(positions.every((position) => position >= 0)).toBe(true);
        }
      }),
    );
  });

  it('makes a pre-order wait only when it did not fit what its elders left', () => {
    fc.assert(
      fc.property(pendingArb, stockArb, (pending, stock) => {
        const { filled, waiting, remainingStock } = allocatePreorders(pending, stock);
        for (const item of waiting) {
          const position = pending.indexOf(item);
          const olderFilled = filled.filter((other) => pending.indexOf(other) < position);
          expect(item.quantity).toBeGreaterThan(stock - sum(olderFilled));
          // Hence no waiting pre-order fits in what is left at the end.
          expect(item.quantity).toBeGreaterThan(remainingStock);
        }
      }),
    );
  });
});
