import { allowedOrderMoves } from '@furrow/domain/order-permissions';
import type { OrderStatus } from '@furrow/domain/orders';

/** The button that moves an order one step on, in the farmer's words. */
const stepLabels: Partial<Record<OrderStatus, string>> = {
  confirmed: 'Confirm',
  ready: 'Mark ready',
  completed: 'Complete',
};

/**
 * What the farmer running an order may do with it: the server's own rule, so that the board offers
 * no move it would refuse (an order awaiting its card payment is the customer's alone).
 */
function farmerMoves(status: OrderStatus): OrderStatus[] {
  const farmer = { userId: 'farmer', role: 'farmer' } as const;
  return allowedOrderMoves(farmer, { customerId: 'customer', farmerId: farmer.userId, status });
}

/** The one forward move from `status` (never cancel, which asks for a reason), or none. */
export function nextStep(status: OrderStatus): { status: OrderStatus; label: string } | null {
  const forward = farmerMoves(status).find((next) => next !== 'cancelled');
  const label = forward && stepLabels[forward];
  return forward && label ? { status: forward, label } : null;
}

export function canCancel(status: OrderStatus): boolean {
  return farmerMoves(status).includes('cancelled');
}
