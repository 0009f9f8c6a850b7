import { MAX_STOCK, type StockChange } from '@furrow/domain/stock';
import { eq, type SQL, sql } from 'drizzle-orm';
import { products } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { fillPreorders } from '../preorders/preorder-fill';

type ProductRecord = typeof products.$inferSelect;

/** The stock a change leaves, as SQL over the row it updates. */
export function stockAfter(change: StockChange): SQL {
  // Cast: an untyped parameter compared with another would be compared as text.
  return 'delta' in change
    ? sql`${products.stock} + ${change.delta}::integer`
    : sql`${change.stock}::integer`;
}

/** The condition that keeps the stock a change leaves between zero and the maximum. */
export function stockInRange(change: StockChange): SQL {
  return sql`${stockAfter(change)} between 0 and ${MAX_STOCK}::integer`;
}

/** Only stock that may have grown can fill pre-orders: a take never does. */
export function mayAddStock(change: StockChange): boolean {
  return !('delta' in change) || change.delta > 0;
}

/** Why a change the database refused was refused, once the product is known to be there. */
export function stockRefusal(
  current: number,
  change: StockChange,
): 'STOCK_TOO_HIGH' | 'INSUFFICIENT_STOCK' {
  const wanted = 'delta' in change ? current + change.delta : change.stock;
  return wanted > MAX_STOCK ? 'STOCK_TOO_HIGH' : 'INSUFFICIENT_STOCK';
}

/**
 * Stock that arrives goes to the product's pending pre-orders first, in the same transaction
 * (DESIGN section 4); answers the product as the fill left it.
 */
export async function afterRestock(
  tx: Tx,
  product: ProductRecord,
  now: Date,
): Promise<ProductRecord> {
  if (product.stock === 0) return product;
  const filled = await fillPreorders(tx, product.id, now);
  if (filled.length === 0) return product;
  const [after] = await tx.select().from(products).where(eq(products.id, product.id));
  return after ?? product;
}
