import type { UserRole } from './api/users';
import { nextOrderStatuses, type OrderStatus, orderStatusLabels } from './orders';

/**
 * Who may move an order where (product rules: orders and their statuses). The transition table in
 * `orders.ts` says which moves exist; this file says whose they are: the farm's farmer runs the
 * order, the customer may change their mind only until the farmer has confirmed it, and admins may
 * do what the farmer may.
 */

export interface OrderActor {
  userId: string;
  role: UserRole;
}

export interface OrderParties {
  customerId: string;
  /** The farmer who owns the order's farm; null once that farmer's account is deleted. */
  farmerId: string | null;
  status: OrderStatus;
}

/** Its customer, its farm's farmer and admins; the server answers 404 to anyone else. */
export function canSeeOrder(actor: OrderActor, order: OrderParties): boolean {
  return (
    actor.role === 'admin' || actor.userId === order.customerId || actor.userId === order.farmerId
  );
}

function runsTheOrder(actor: OrderActor, order: OrderParties): boolean {
  return actor.role === 'admin' || (actor.role === 'farmer' && actor.userId === order.farmerId);
}

/** The statuses this actor may move this order to: what a screen offers as buttons. */
export function allowedOrderMoves(actor: OrderActor, order: OrderParties): OrderStatus[] {
  const moves = nextOrderStatuses(order.status);
  // Only the payment provider's confirmation makes an unpaid card order `placed`; until then the
  // customer may give it up (its stock goes back), and the farm has nothing to run yet.
  if (order.status === 'awaiting_payment') {
    return actor.userId === order.customerId ? ['cancelled'] : [];
  }
  if (runsTheOrder(actor, order)) return [...moves];
  // Once confirmed the farmer may already be picking it, so cancelling is theirs to decide.
  if (actor.userId === order.customerId && order.status === 'placed') {
    return moves.filter((status) => status === 'cancelled');
  }
  return [];
}

/**
 * The farm tells the customer why it cancels (the e-mail carries the reason); a customer cancelling
 * their own order owes nobody an explanation.
 */
export function cancelNeedsReason(actor: OrderActor, order: OrderParties): boolean {
  return runsTheOrder(actor, order);
}

export type OrderMoveCheck =
  | { ok: true }
  | {
      ok: false;
      code: 'INVALID_STATUS_MOVE' | 'CANCEL_REASON_REQUIRED';
      message: string;
      allowed: OrderStatus[];
    };

function lower(status: OrderStatus): string {
  return orderStatusLabels[status].toLowerCase();
}

function listInWords(statuses: readonly OrderStatus[]): string {
  const words = statuses.map(lower);
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** Whether `actor` may move `order` to `to`; if not, a 409 message naming what is allowed. */
export function checkOrderMove(
  actor: OrderActor,
  order: OrderParties,
  to: OrderStatus,
  reason?: string,
): OrderMoveCheck {
  const allowed = allowedOrderMoves(actor, order);
  if (!allowed.includes(to)) {
    const message =
      allowed.length === 0
        ? `This ${lower(order.status)} order cannot be changed any more`
        : `This ${lower(order.status)} order can be made ${listInWords(allowed)}, not ${lower(to)}`;
    return { ok: false, code: 'INVALID_STATUS_MOVE', message, allowed };
  }
  if (to === 'cancelled' && cancelNeedsReason(actor, order) && (reason ?? '').trim() === '') {
    return {
      ok: false,
      code: 'CANCEL_REASON_REQUIRED',
      message: 'Tell the customer why the order is cancelled',
      allowed,
    };
  }
  return { ok: true };
}
