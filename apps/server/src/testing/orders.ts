import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';
import type { TestUser } from './users';

/** `POST /api/orders` as `user`, with a fresh Idempotency-Key unless one is given. */
export function placeOrder(
  t: TestApp,
  user: TestUser,
  payload: object,
  idempotencyKey: string | null = randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: {
      ...user.headers,
      ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload,
  });
}

/** A pickup order of `items` from one farm without pickup windows. */
export function pickupCart(farmId: string, items: { productId: string; quantity: number }[]) {
  return { items, fulfilment: [{ farmId, method: 'pickup' }] };
}
