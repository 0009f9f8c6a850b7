import type { PreOrder } from '@furrow/domain/api/preorders';
import { describe, expect, it } from 'vitest';
import { waitingByProduct } from './waiting-preorders';

const product = (id: string, name: string) => ({
  id,
  name,
  unit: 'dozen',
  price: 8,
  availableFrom: null,
  farm: { id: 'farm', name: 'Green Acres' },
});

function preOrder(
  productOf: ReturnType<typeof product>,
  quantity: number,
  customer: string,
  status: PreOrder['status'] = 'pending',
): PreOrder {
  return {
    id: `${productOf.id}-${customer}`,
    status,
    quantity,
    product: productOf,
    customer: { id: customer, name: customer },
    order: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    filledAt: null,
  };
}

describe('waitingByProduct', () => {
  it('adds up pending pre-orders per product, by name, leaving the others out', () => {
    const corn = product('corn', 'Sweet corn');
    const eggs = product('eggs', 'Eggs');
    const waiting = waitingByProduct([
      preOrder(corn, 2, 'Casey'),
      preOrder(eggs, 1, 'Ana'),
      preOrder(corn, 4, 'Sam'),
      preOrder(corn, 9, 'Lee', 'filled'),
    ]);
    expect(waiting.map((entry) => [entry.product.name, entry.quantity, entry.customers])).toEqual([
      ['Eggs', 1, ['Ana']],
      ['Sweet corn', 6, ['Casey', 'Sam']],
    ]);
  });
});
