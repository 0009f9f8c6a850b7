import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyStockChange, MAX_STOCK } from './stock';

const stock = fc.integer({ min: 0, max: MAX_STOCK });
const delta = fc.integer({ min: -2 * MAX_STOCK, max: 2 * MAX_STOCK });

describe('applyStockChange', () => {
  it('adds and takes', () => {
    expect(applyStockChange(5, { delta: 3 })).toEqual({ ok: true, stock: 8 });
    expect(applyStockChange(5, { delta: -5 })).toEqual({ ok: true, stock: 0 });
    expect(applyStockChange(5, { stock: 12 })).toEqual({ ok: true, stock: 12 });
  });

  it('refuses to go below zero or above the maximum', () => {
    expect(applyStockChange(5, { delta: -6 })).toEqual({ ok: false, reason: 'insufficient' });
    expect(applyStockChange(0, { stock: -1 })).toEqual({ ok: false, reason: 'insufficient' });
    expect(applyStockChange(MAX_STOCK, { delta: 1 })).toEqual({ ok: false, reason: 'too_high' });
  });

  it('never yields a stock outside 0..MAX_STOCK, and accepts exactly the changes that fit', () => {
    fc.assert(
      fc.property(stock, delta, (current, change) => {
        const outcome = applyStockChange(current, { delta: change });
        const wanted = current + change;
        if (outcome.ok) {
          expect(outcome.stock).toBe(wanted);
          expect(outcome.stock).toBeGreaterThanOrEqual(0);
          expect(outcome.stock).toBeLessThanOrEqual(MAX_STOCK);
        } else {
          expect(wanted < 0 || wanted > MAX_STOCK).toBe(true);
        }
      }),
    );
  });

  it('applies a run of changes as their sum when every step fits', () => {
    fc.assert(
      fc.property(
        stock,
        fc.array(fc.integer({ min: -50, max: 50 }), { maxLength: 40 }),
        (start, steps) => {
          let current = start;
          for (const step of steps) {
            const outcome = applyStockChange(current, { delta: step });
            if (outcome.ok) current = outcome.stock;
          }
          expect(current).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
