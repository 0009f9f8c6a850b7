import { describe, expect, it } from 'vitest';
import {
  createOrderBody,
  idempotencyKeyField,
  listOrdersQuery,
  orderAnswer,
  orderStatusBody,
} from './orders';

const carrots = '0b5c2c4e-8f7a-4f3e-9a51-2f0f1d7a9c01';
const eggs = '0b5c2c4e-8f7a-4f3e-9a51-2f0f1d7a9c02';
const meadow = '5d1e8e2a-3c4b-4d7e-8f90-1a2b3c4d5e01';
const hill = '5d1e8e2a-3c4b-4d7e-8f90-1a2b3c4d5e02';

const body = {
  items: [
    { productId: carrots, quantity: 2, price: 3.49 },
    { productId: eggs, quantity: 1 },
  ],
  fulfilment: [
    { farmId: meadow, method: 'pickup', slotId: `${meadow}:2027-01-16` },
    {
      farmId: hill,
      method: 'delivery',
      address: { line: '12 Elm St', city: 'Salem' },
      point: { lat: 44.94, lng: -123.03 },
    },
  ],
};

function issues(input: unknown): string[] {
  const result = createOrderBody.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('checkout payload', () => {
  it('takes lines with optional prices and one pickup or delivery choice per farm', () => {
    const order = createOrderBody.parse(body);
    expect(order.payment).toBe('pay_at_pickup');
    expect(order.note).toBe('');
    expect(order.fulfilment[1]).toMatchObject({
      method: 'delivery',
      address: { line: '12 Elm St', city: 'Salem', region: '', postalCode: '' },
    });
  });

  it('names the field that is wrong', () => {
    expect(issues({ ...body, items: [] })).toEqual(['items']);
    expect(issues({ ...body, items: [body.items[0], body.items[0]] })).toEqual(['items']);
    expect(issues({ ...body, items: [{ productId: carrots, quantity: 0 }] })).toEqual([
      'items.0.quantity',
    ]);
    expect(issues({ ...body, items: [{ productId: carrots, quantity: 1, price: 3.499 }] })).toEqual(
      ['items.0.price'],
    );
    expect(issues({ ...body, fulfilment: [{ farmId: hill, method: 'delivery' }] })).toEqual([
      'fulfilment.0.address',
      'fulfilment.0.point',
    ]);
    expect(issues({ ...body, fulfilment: [body.fulfilment[0], body.fulfilment[0]] })).toEqual([
      'fulfilment',
    ]);
    expect(issues({ ...body, payment: 'barter' })).toEqual(['payment']);
  });

  it('accepts idempotency keys a client would make, and nothing odd', () => {
    expect(idempotencyKeyField.safeParse('3f2b8c1e-7d4a-4b9e-a6c5-0e1f2a3b4c5d').success).toBe(
      true,
    );
    expect(idempotencyKeyField.safeParse('short').success).toBe(false);
    expect(idempotencyKeyField.safeParse('has a space in it').success).toBe(false);
  });
});

describe('status changes and lists', () => {
  it('takes a status and an optional reason', () => {
    expect(orderStatusBody.parse({ status: 'cancelled', reason: ' Hail ' })).toEqual({
      status: 'cancelled',
      reason: 'Hail',
    });
    expect(orderStatusBody.safeParse({ status: 'shipped' }).success).toBe(false);
  });

  it('reads list filters from the query string, paged by default', () => {
    expect(
      listOrdersQuery.parse({ status: 'ready', pickupDate: '2027-01-16', limit: '5' }),
    ).toEqual({
      status: 'ready',
      pickupDate: '2027-01-16',
      limit: 5,
      offset: 0,
    });
    expect(listOrdersQuery.safeParse({ pickupDate: '16/01/2027' }).success).toBe(false);
  });

  it('describes an order with its number, lines, totals, fulfilment and history', () => {
    const at = '2027-01-14T15:00:00.000Z';
    const order = {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      number: 'F-10427',
      status: 'confirmed',
      farm: { id: meadow, name: 'Meadow Farm' },
      customer: { id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'Ana Ruiz' },
      lines: [
        {
          productId: carrots,
          name: 'Carrots',
          unit: 'bunch',
          price: 3.49,
          quantity: 2,
          lineTotal: 6.98,
        },
      ],
      subtotal: 6.98,
      deliveryFee: 0,
      total: 6.98,
      payment: 'pay_at_pickup',
      paymentStatus: 'unpaid',
      paymentUrl: null,
      paymentDueAt: null,
      fulfilment: { method: 'pickup', slot: null, instructions: 'By the gate' },
      note: '',
      history: [
        { status: 'placed', at, byRole: 'customer', reason: null },
        { status: 'confirmed', at, byRole: 'farmer', reason: null },
      ],
      preorderId: null,
      createdAt: at,
      updatedAt: at,
    };
    expect(orderAnswer.parse(order)).toEqual(order);
  });
});
