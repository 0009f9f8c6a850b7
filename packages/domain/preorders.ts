import type { LocalDate } from './farm-time';

/**
 * Pre-orders (product rules: pre-orders): a shopper reserves a quantity of a product that is
 * sold out or not yet harvested, and when stock arrives the pending pre-orders become orders.
 */

/**
 * A pre-order reserves a share of a harvest, not the whole field. Here rather than beside the API's
 * schema, so that the product page's pre-order form knows it without loading Zod.
 */
export const MAX_PREORDER_QUANTITY = 1000;

/** Not yet harvested: its first pickup day (on the farm's calendar) is still to come. */
export function isUpcoming(
  product: { availableFrom: LocalDate | null },
  today: LocalDate,
): boolean {
  return product.availableFrom !== null && product.availableFrom > today;
}

/** Only what cannot be bought now may be pre-ordered; anything else goes in the cart. */
export function canPreorder(
  product: { stock: number; availableFrom: LocalDate | null },
  today: LocalDate,
): boolean {
  return product.stock === 0 || isUpcoming(product, today);
}

/** Stock an upcoming product holds is set aside for its harvest day, not sold before it. */
export function sellableStock(
  product: { stock: number; availableFrom: LocalDate | null },
  today: LocalDate,
): number {
  return isUpcoming(product, today) ? 0 : product.stock;
}

export interface PreorderAllocation<T> {
  filled: T[];
  waiting: T[];
  remainingStock: number;
}

/**
 * Which pending pre-orders (oldest first) the arriving `stock` fills. A pre-order is filled whole
 * or not at all: half a box of eggs is not what anyone asked for. One that does not fit waits, and
 * younger ones that do fit are filled, so a large pre-order cannot hold the small ones hostage; the
 * large one keeps its place at the front for the next delivery.
 */
export function allocatePreorders<T extends { quantity: number }>(
  pending: readonly T[],
  stock: number,
): PreorderAllocation<T> {
  if (!Number.isSafeInteger(stock) || stock < 0) {
    throw new RangeError(`Stock must be a whole number of at least 0: ${stock}`);
  }
  const filled: T[] = [];
  const waiting: T[] = [];
  let remainingStock = stock;
  for (const preorder of pending) {
    if (!Number.isSafeInteger(preorder.quantity) || preorder.quantity < 1) {
      throw new RangeError(`A pre-order quantity must be at least 1: ${preorder.quantity}`);
    }
    if (preorder.quantity <= remainingStock) {
      filled.push(preorder);
      remainingStock -= preorder.quantity;
    } else {
      waiting.push(preorder);
    }
  }
  return { filled, waiting, remainingStock };
}
