import { describe, expect, it } from 'vitest';
import { errorAnswer } from './api/common';
import { AppError, errors, priceChangedDetail, stockShortfallDetail } from './errors';

describe('errors', () => {
  it('keeps the messages of the product rules word for word', () => {
    expect(errors.INSUFFICIENT_STOCK).toEqual({ status: 409, message: 'Insufficient stock' });
    expect(errors.PRODUCT_HAS_ORDERS).toEqual({
      status: 409,
      message: 'Cannot delete product with active orders',
    });
  });

  it('gives every code a client or server status and a message', () => {
    for (const { status, message } of Object.values(errors)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(message.length).toBeGreaterThan(0);
    }
  });

  it('names each product that fell short and how many are left', () => {
    expect(
      stockShortfallDetail({ productId: 'p1', name: 'Carrots', requested: 5, available: 2 }),
    ).toEqual({
      field: 'items',
      message: 'Only 2 left of Carrots',
      productId: 'p1',
      name: 'Carrots',
      requested: 5,
      available: 2,
    });
    expect(
      stockShortfallDetail({ productId: 'p1', name: 'Carrots', requested: 1, available: 0 })
        .message,
    ).toBe('Carrots is sold out');
  });

  it('gives the current price in dollars when a price changed', () => {
    expect(priceChangedDetail({ productId: 'p1', name: 'Eggs', priceCents: 649 })).toEqual({
      field: 'items',
      message: 'The price of Eggs is now $6.49',
      productId: 'p1',
      name: 'Eggs',
      price: 6.49,
    });
  });

  it('keeps the detail fields through the error answer schema', () => {
    const error = new AppError('INSUFFICIENT_STOCK', undefined, [
      stockShortfallDetail({ productId: 'p1', name: 'Carrots', requested: 5, available: 2 }),
    ]);
    const answer = errorAnswer.parse({
      message: error.message,
      code: error.code,
      details: error.details,
    });
    expect(answer.details?.[0]).toMatchObject({ productId: 'p1', requested: 5, available: 2 });
    expect(error.status).toBe(409);
  });
});
