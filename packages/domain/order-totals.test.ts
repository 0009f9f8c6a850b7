import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineTotalCents, orderTotals } from './order-totals';

describe('order totals', () => {
  it('adds price times quantity and the delivery fee', () => {
    expect(
      orderTotals(
        [
          { priceCents: 349, quantity: 3 },
          { priceCents: 1250, quantity: 1 },
        ],
        500,
      ),
    ).toEqual({ subtotalCents: 2297, deliveryFeeCents: 500, totalCents: 2797 });
    expect(orderTotals([])).toEqual({ subtotalCents: 0, deliveryFeeCents: 0, totalCents: 0 });
  });

  it('refuses fractions of a cent and quantities below 1', () => {
    expect(() => lineTotalCents({ priceCents: 3.49, quantity: 1 })).toThrow(RangeError);
    expect(() => lineTotalCents({ priceCents: 349, quantity: 0 })).toThrow(RangeError);
    expect(() => orderTotals([], -1)).toThrow(RangeError);
  });

  it('is the exact integer sum, whatever the order of the lines', () => {
    const lineArb = fc.record({
      priceCents: fc.integer({ min: 0, max: 100_000_00 }),
      quantity: fc.integer({ min: 1, max: 1000 }),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 30 }),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, fee) => {
          const totals = orderTotals(lines, fee);
          const expected = lines.reduce(
            (sum, l) => sum + BigInt(l.priceCents) * BigInt(l.quantity),
            0n,
          );
          expect(BigInt(totals.subtotalCents)).toBe(expected);
          expect(totals.totalCents).toBe(totals.subtotalCents + fee);
          expect(orderTotals([...lines].reverse(), fee)).toEqual(totals);
        },
      ),
    );
  });
});
