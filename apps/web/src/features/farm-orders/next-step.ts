import type { OrderStatus } from '@furrow/domain/orders';
import { nextOrderStatuses } from '@furrow/domain/orders';

/** The button that moves an order one step on, in the farmer's words. */
const stepLabels: Partial<Record<OrderStatus, string>> = {
  confirmed: 'Confirm',
  ready: 'Mark ready',
  completed: 'Complete',
};

/** The one forward move from `status` (never cancel, which asks for a reason), or none. */
export function nextStep(status: OrderStatus): { status: OrderStatus; label: string } | null {
  const forward = nextOrderStatuses(status).find((next) => next !== 'cancelled');
  const label = forward && stepLabels[forward];
  return forward && label ? { status: forward, label } : null;
}

export function canCancel(status: OrderStatus): boolean {
  return nextOrderStatuses(status).includes('cancelled');
}
