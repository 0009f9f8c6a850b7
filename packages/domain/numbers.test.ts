import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [20_000, '20,000'],
    [1_000_000, '1,000,000'],
    [-1234, '-1,234'],
  ])('writes %i as %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });

  it('writes what Intl.NumberFormat writes for whole numbers', () => {
    const intl = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (count) => {
          expect(formatCount(count)).toBe(intl.format(count));
        },
      ),
    );
  });
});
