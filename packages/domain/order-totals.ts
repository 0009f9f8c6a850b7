/**
 * An order's money, in integer cents: lines are unit price times quantity, the
 * delivery fee is added once per order. Integers make the sum exact whatever the order of adding.
 */

export interface PricedLine {
  priceCents: number;
  quantity: number;
}

export interface OrderTotals {
  subtotalCents: number;
  deliveryFeeCents: number;
  totalCents: number;
}

function assertCents(value: number, what: string): void {
  // A fraction of a cent here means dollars slipped in unconverted; better to fail than to charge it.
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of cents: ${value}`);
  }
}

export function lineTotalCents(line: PricedLine): number {
  assertCents(line.priceCents, 'A price');
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`A quantity must be a whole number of at least 1: ${line.quantity}`);
  }
  return line.priceCents * line.quantity;
}

export function orderTotals(lines: readonly PricedLine[], deliveryFeeCents = 0): OrderTotals {
  assertCents(deliveryFeeCents, 'A delivery fee');
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  return { subtotalCents, deliveryFeeCents, totalCents: subtotalCents + deliveryFeeCents };
}
