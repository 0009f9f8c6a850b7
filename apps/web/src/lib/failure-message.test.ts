import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { messageOrFailedTo } from './failure-message';

describe('messageOrFailedTo', () => {
  it("gives the server's message when there is one", () => {
    const error = new ApiError(409, { code: 'INSUFFICIENT_STOCK', message: 'Insufficient stock' });
    expect(messageOrFailedTo(error, 'update stock')).toBe('Insufficient stock');
  });

  it('falls back to saying what failed, and to try again', () => {
    expect(messageOrFailedTo('offline', 'delete the product')).toBe(
      'Failed to delete the product. Please try again.',
    );
  });
});
