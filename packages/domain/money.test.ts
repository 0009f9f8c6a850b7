import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd } from './money';

describe('formatUsd', () => {
  it.each([
    [599, '$5.99'],
    [999, '$9.99'],
    [1499, '$14.99'],
    [4500, '$45.00'],
    [123450, '$1,234.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [100_000_000, '$1,000,000.00'],
    [-250, '-$2.50'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('writes what Intl.NumberFormat writes for US dollars', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (cents) => {
        expect(formatUsd(cents)).toBe(intl.format(cents / 100));
      }),
    );
  });

  it('rounds fractions of a cent to the nearest cent', () => {
    expect(formatUsd(599.4)).toBe('$5.99');
    expect(formatUsd(599.5)).toBe('$6.00');
  });
});

describe('dollarsToCents and centsToDollars', () => {
  it('is robust to binary floating point', () => {
    expect(dollarsToCents(9.99)).toBe(999);
    expect(dollarsToCents(5.99)).toBe(599);
    expect(dollarsToCents(14.99)).toBe(1499);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1.005)).toBe(100);
    expect(dollarsToCents(145)).toBe(14500);
  });

  it('never answers negative zero', () => {
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
    expect(Object.is(dollarsToCents(-0), 0)).toBe(true);
  });

  it('converts cents to dollars', () => {
    expect(centsToDollars(999)).toBe(9.99);
    expect(centsToDollars(4500)).toBe(45);
    expect(centsToDollars(0)).toBe(0);
  });

  it('round-trips any whole number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
      }),
    );
  });

  it('formats the same amount it converts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (cents) => {
        const text = formatUsd(cents).replace(/[$,]/g, '');
        expect(dollarsToCents(Number(text))).toBe(cents);
      }),
    );
  });
});
