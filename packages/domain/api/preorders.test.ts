import { describe, expect, it } from 'vitest';
import { MAX_PREORDER_QUANTITY } from '../preorders';
import { preorderBody } from './preorders';

describe('pre-order payload', () => {
  const productId = '0b5c2c4e-8f7a-4f3e-9a51-2f0f1d7a9c01';

  it('takes a product and a whole quantity', () => {
    expect(preorderBody.parse({ productId, quantity: 4 })).toEqual({ productId, quantity: 4 });
  });

  it('refuses quantities below 1, fractions and more than a share of a harvest', () => {
    for (const quantity of [0, 1.5, MAX_PREORDER_QUANTITY + 1]) {
      expect(preorderBody.safeParse({ productId, quantity }).success).toBe(false);
    }
    expect(preorderBody.safeParse({ productId: 'carrots', quantity: 1 }).success).toBe(false);
  });
});
