import { MAX_STOCK, type StockChange } from '@furrow/domain/stock';
import { type SQL, sql } from 'drizzle-orm';
import { products } from '../products/products.schema';

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

/** Why a change the database refused was refused, once the product is known to be there. */
export function stockRefusal(
  current: number,
  change: StockChange,
): 'STOCK_TOO_HIGH' | 'INSUFFICIENT_STOCK' {
  const wanted = 'delta' in change ? current + change.delta : change.stock;
  return wanted > MAX_STOCK ? 'STOCK_TOO_HIGH' : 'INSUFFICIENT_STOCK';
}
