import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOrderNumber, parseOrderNumber } from './order-numbers';

describe('order numbers', () => {
  it('formats a sequence number as a short human number', () => {
    expect(formatOrderNumber(1)).toBe('F-10001');
    expect(formatOrderNumber(427)).toBe('F-10427');
    expect(formatOrderNumber(2_000_000)).toBe('F-2010000');
    expect(() => formatOrderNumber(0)).toThrow(RangeError);
    expect(() => formatOrderNumber(1.5)).toThrow(RangeError);
  });

  it('reads numbers as people type them', () => {
    expect(parseOrderNumber('F-10427')).toBe(427);
    expect(parseOrderNumber(' f 10427 ')).toBe(427);
    expect(parseOrderNumber('F10427')).toBe(427);
    expect(parseOrderNumber('F-10000')).toBeNull();
    expect(parseOrderNumber('F-427')).toBeNull();
    expect(parseOrderNumber('G-10427')).toBeNull();
  });

  it('round-trips every sequence number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), (sequence) => {
        expect(parseOrderNumber(formatOrderNumber(sequence))).toBe(sequence);
      }),
    );
  });
});
