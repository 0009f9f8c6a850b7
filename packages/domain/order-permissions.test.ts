import { describe, expect, it } from 'vitest';
import {
  allowedOrderMoves,
  canSeeOrder,
  checkOrderMove,
  type OrderActor,
  type OrderParties,
} from './order-permissions';
import { type OrderStatus, orderStatuses } from './orders';

const customer: OrderActor = { userId: 'u-customer', role: 'customer' };
const farmer: OrderActor = { userId: 'u-farmer', role: 'farmer' };
const otherFarmer: OrderActor = { userId: 'u-other-farmer', role: 'farmer' };
const otherCustomer: OrderActor = { userId: 'u-other', role: 'customer' };
const admin: OrderActor = { userId: 'u-admin', role: 'admin' };

function order(status: OrderStatus): OrderParties {
  return { customerId: customer.userId, farmerId: farmer.userId, status };
}

function movesOf(actor: OrderActor): string[] {
  return orderStatuses.flatMap((from) =>
    orderStatuses
      .filter((to) => checkOrderMove(actor, order(from), to, 'Hail took the crop').ok)
      .map((to) => `${from}->${to}`),
  );
}

describe('who may move an order (every pair of statuses, for each actor)', () => {
  it('lets the farm and admins make every move of the table, none of an order awaiting payment', () => {
    const table = [
      'placed->confirmed',
      'placed->cancelled',
      'confirmed->ready',
      'confirmed->cancelled',
      'ready->completed',
    ];
    expect(movesOf(farmer)).toEqual(table);
    expect(movesOf(admin)).toEqual(table);
  });

  it('lets the customer only cancel a placed order, or give up one awaiting its card payment', () => {
    expect(movesOf(customer)).toEqual(['awaiting_payment->cancelled', 'placed->cancelled']);
  });

  it('lets nobody else move it', () => {
    expect(movesOf(otherFarmer)).toEqual([]);
    expect(movesOf(otherCustomer)).toEqual([]);
  });

  it('agrees with the moves offered as buttons', () => {
    for (const actor of [customer, farmer, otherFarmer, admin]) {
      for (const status of orderStatuses) {
        const offered = allowedOrderMoves(actor, order(status));
        for (const to of orderStatuses) {
          expect(checkOrderMove(actor, order(status), to, 'reason').ok).toBe(offered.includes(to));
        }
      }
    }
  });
});

describe('checkOrderMove answers', () => {
  it('names the allowed next statuses in a refused move', () => {
    expect(checkOrderMove(farmer, order('placed'), 'completed')).toEqual({
      ok: false,
      code: 'INVALID_STATUS_MOVE',
      message: 'This placed order can be made confirmed or cancelled, not completed',
      allowed: ['confirmed', 'cancelled'],
    });
    expect(checkOrderMove(customer, order('confirmed'), 'cancelled')).toEqual({
      ok: false,
      code: 'INVALID_STATUS_MOVE',
      message: 'This confirmed order cannot be changed any more',
      allowed: [],
    });
    expect(checkOrderMove(farmer, order('ready'), 'cancelled')).toMatchObject({
      message: 'This ready order can be made completed, not cancelled',
      allowed: ['completed'],
    });
  });

  it('asks the farm, not the customer, for a reason to cancel', () => {
    expect(checkOrderMove(farmer, order('confirmed'), 'cancelled', '  ')).toMatchObject({
      ok: false,
      code: 'CANCEL_REASON_REQUIRED',
    });
    expect(checkOrderMove(admin, order('placed'), 'cancelled')).toMatchObject({
      code: 'CANCEL_REASON_REQUIRED',
    });
    expect(checkOrderMove(customer, order('placed'), 'cancelled')).toEqual({ ok: true });
    expect(checkOrderMove(farmer, order('placed'), 'confirmed')).toEqual({ ok: true });
  });
});

describe('canSeeOrder', () => {
  it('shows an order to its customer, its farmer and admins only', () => {
    expect(canSeeOrder(customer, order('placed'))).toBe(true);
    expect(canSeeOrder(farmer, order('placed'))).toBe(true);
    expect(canSeeOrder(admin, order('placed'))).toBe(true);
    expect(canSeeOrder(otherCustomer, order('placed'))).toBe(false);
    expect(canSeeOrder(otherFarmer, order('placed'))).toBe(false);
  });
});
