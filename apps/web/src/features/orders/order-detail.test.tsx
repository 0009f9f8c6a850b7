import type { Order } from '@furrow/domain/api/orders';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { OrderDetail } from './order-detail';

const farmId = '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c';

const order: Order = {
  id: '7b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  number: 'F-10427',
  status: 'completed',
  farm: { id: farmId, name: 'Green Acres' },
  customer: { id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Sam Shopper' },
  lines: [
    {
      productId: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
      name: 'Carrots',
      unit: 'lb',
      price: 3,
      quantity: 2,
      lineTotal: 6,
    },
  ],
  subtotal: 6,
  deliveryFee: 0,
  total: 6,
  payment: 'pay_at_pickup',
  paymentStatus: 'unpaid',
  paymentUrl: null,
  paymentDueAt: null,
  fulfilment: { method: 'pickup', slot: null, instructions: '' },
  note: '',
  history: [{ status: 'placed', at: '2026-11-01T10:00:00.000Z', byRole: 'customer', reason: null }],
  preorderId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-03T10:00:00.000Z',
};

describe('OrderDetail', () => {
  it('links to the farm of the order', () => {
    renderWithProviders(<OrderDetail order={order} />);
    expect(screen.getByRole('link', { name: 'Green Acres' })).toHaveAttribute(
      'href',
      `/farms/${farmId}`,
    );
  });

  it('keeps the farm’s name and what was bought once the farmer has left Furrow', () => {
    const left: Order = {
      ...order,
      farm: { id: null, name: 'Green Acres' },
      lines: order.lines.map((line) => ({ ...line, productId: null })),
    };
    renderWithProviders(<OrderDetail order={left} />);
    expect(screen.queryByRole('link', { name: 'Green Acres' })).toBeNull();
    expect(
      screen.getByRole('heading', { name: /From Green Acres \(no longer on Furrow\)/ }),
    ).toBeVisible();
    expect(screen.getByText(/2 × Carrots/)).toBeVisible();
  });
});
