import { describe, expect, it } from 'vitest';
import { formatDistance, formatPricePerUnit, formatStock, formatWhere } from './format-product';

describe('formatPricePerUnit', () => {
  it('shows dollars and cents per unit', () => {
    expect(formatPricePerUnit(4.5, 'lb')).toBe('$4.50 / lb');
    expect(formatPricePerUnit(1234.5, 'box')).toBe('$1,234.50 / box');
  });

  it('reads hyphenated units as words and "each" without a slash', () => {
    expect(formatPricePerUnit(6, 'half-dozen')).toBe('$6.00 / half dozen');
    expect(formatPricePerUnit(3, 'each')).toBe('$3.00 each');
  });

  it('does not show floating point noise', () => {
    expect(formatPricePerUnit(9.99, 'jar')).toBe('$9.99 / jar');
  });
});

describe('formatDistance', () => {
  it('uses one decimal below 10 km and whole kilometres above', () => {
    expect(formatDistance(3.24)).toBe('3.2 km away');
    expect(formatDistance(3)).toBe('3.0 km away');
    expect(formatDistance(12.6)).toBe('13 km away');
  });

  it('does not claim zero distance', () => {
    expect(formatDistance(0)).toBe('Less than 0.1 km away');
  });
});

describe('formatStock', () => {
  it('counts what is left, urges when little is, and says when nothing is', () => {
    expect(formatStock(12)).toBe('12 left');
    expect(formatStock(3)).toBe('Only 3 left');
    expect(formatStock(0)).toBe('Sold out');
  });
});

describe('formatWhere', () => {
  it('joins the place and the distance, leaving out what the farm has not told', () => {
    expect(formatWhere({ city: 'Hillsboro', region: 'OR' }, 3.24)).toBe(
      'Hillsboro, OR · 3.2 km away',
    );
    expect(formatWhere({ city: '', region: '' }, 12.6)).toBe('13 km away');
    expect(formatWhere({ city: '', region: 'OR' }, null)).toBe('OR');
  });
});
