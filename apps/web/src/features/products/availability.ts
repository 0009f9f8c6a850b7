import type { Product } from '@furrow/domain/api/products';

/** Today as YYYY-MM-DD in UTC, the calendar the server and every browser share (domain dates.ts). */
function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Not harvested yet: its first day for sale (`availableFrom`) is still to come. */
export function isUpcoming(product: Pick<Product, 'availableFrom'>, now = new Date()): boolean {
  return product.availableFrom !== null && product.availableFrom > todayUtc(now);
}

/** Whether it can go in a cart today: in stock and harvested. Pre-orders cover the rest, later. */
export function isForSaleNow(
  product: Pick<Product, 'availableFrom' | 'inStock'>,
  now = new Date(),
): boolean {
  return product.inStock && !isUpcoming(product, now);
}
