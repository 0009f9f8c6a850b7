import { describe, expect, it } from 'vitest';
import {
  canTransitionOrder,
  isFinalOrderStatus,
  isOpenOrder,
  isOrderStatus,
  nextOrderStatuses,
  orderStatuses,
  orderStatusLabels,
  returnsStock,
} from './orders';

describe('order statuses (product rules: orders and their statuses)', () => {
  it('has the six statuses in lifecycle order, a card order awaiting payment first', () => {
    expect(orderStatuses).toEqual([
      'awaiting_payment',
      'placed',
      'confirmed',
      'ready',
      'completed',
      'cancelled',
    ]);
  });

  it('allows exactly awaiting_payment -> placed|cancelled, placed -> confirmed -> ready -> completed and placed|confirmed -> cancelled', () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderStatuses.filter((to) => canTransitionOrder(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual([
      'awaiting_payment->placed',
      'awaiting_payment->cancelled',
      'placed->confirmed',
      'placed->cancelled',
      'confirmed->ready',
      'confirmed->cancelled',
      'ready->completed',
    ]);
  });

  it('never skips a step or stays in place', () => {
    expect(canTransitionOrder('placed', 'ready')).toBe(false);
    expect(canTransitionOrder('placed', 'completed')).toBe(false);
    expect(canTransitionOrder('ready', 'cancelled')).toBe(false);
    for (const status of orderStatuses) expect(canTransitionOrder(status, status)).toBe(false);
  });

  it('lists the next statuses', () => {
    expect(nextOrderStatuses('placed')).toEqual(['confirmed', 'cancelled']);
    expect(nextOrderStatuses('completed')).toEqual([]);
  });

  it('returns stock only on cancelling', () => {
    expect(orderStatuses.filter(returnsStock)).toEqual(['cancelled']);
  });

  it('treats completed and cancelled as final, the rest as open', () => {
    expect(orderStatuses.filter(isFinalOrderStatus)).toEqual(['completed', 'cancelled']);
    expect(orderStatuses.filter(isOpenOrder)).toEqual([
      'awaiting_payment',
      'placed',
      'confirmed',
      'ready',
    ]);
  });

  it('recognises status strings and labels each status', () => {
    expect(isOrderStatus('ready')).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
    expect(Object.keys(orderStatusLabels)).toEqual([...orderStatuses]);
  });
});
