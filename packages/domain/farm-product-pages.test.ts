import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeProductCursor, encodeProductCursor } from './farm-product-pages';

describe('product cursors', () => {
  it('give back the product they were made from, whatever its name', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ unit: 'grapheme', maxLength: 120 }), (id, name) => {
        const token = encodeProductCursor({ id, name });
        expect(decodeProductCursor(token)).toEqual({ id: id.toLowerCase(), name });
      }),
    );
  });

  it.each([
    ['empty', ''],
    ['a name alone', 'Kale'],
    ['not an id', encodeProductCursor({ id: 'x', name: 'Kale' })],
    ['an id without a colon', '3f2a6c1e-8b0d-4a59-9e57-1c2d3e4f5a6b Kale'],
  ])('refuse a token that is %s', (_why, token) => {
    expect(decodeProductCursor(token)).toBeNull();
  });
});
