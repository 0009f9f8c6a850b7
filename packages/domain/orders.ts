/**
 * An order's lifecycle as a table of allowed moves (product rules: orders and their statuses).
 * Checking a move against the table, rather than scattering status comparisons, keeps "can a
 * completed order be cancelled?" answered in exactly one place.
 */

export const orderStatuses = [
  'awaiting_payment',
  'placed',
  'confirmed',
  'ready',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  // A card order holds its stock until the provider confirms the payment (placed), or until it is
  // released unpaid (cancelled). Nobody packs food that is not paid for.
  awaiting_payment: ['placed', 'cancelled'],
  placed: ['confirmed', 'cancelled'],
  confirmed: ['ready', 'cancelled'],
  // Once packed for the customer the food has left the shelf; a no-show is settled in person.
  ready: ['completed'],
  completed: [],
  cancelled: [],
};

export const orderStatusLabels: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  placed: 'Placed',
  confirmed: 'Confirmed',
  ready: 'Ready',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

/** The moves a farmer (or, for cancelling, a customer) may offer from this status. */
export function nextOrderStatuses(from: OrderStatus): readonly OrderStatus[] {
  return orderTransitions[from];
}

/**
 * Orders that are not sales: cancelled ones, and card orders still waiting to be paid. Every sales
 * figure (the admin's overview and farm table, the farms' own) leaves these out.
 */
export const notSaleStatuses = ['cancelled', 'awaiting_payment'] as const satisfies OrderStatus[];

/** A cancelled order puts its quantities back on the shelf; no other move touches stock. */
export function returnsStock(to: OrderStatus): boolean {
  return to === 'cancelled';
}

/** Final statuses accept no further move. */
export function isFinalOrderStatus(status: OrderStatus): boolean {
  return orderTransitions[status].length === 0;
}

/** Open orders still need the farmer: they block deleting the farmer's account. */
export function isOpenOrder(status: OrderStatus): boolean {
  return !isFinalOrderStatus(status);
}
