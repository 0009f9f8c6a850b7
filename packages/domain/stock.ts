/**
 * Stock rules (product rules: products and stock): one integer per product that a farmer sets or
 * changes and that may never go below zero. The server applies the same rule inside one SQL
 * statement so that concurrent changes cannot pass zero; this pure form serves the web's optimistic
 * updates and the tests.
 */

/** Large enough for any farm stand, small enough that sums of changes stay exact integers. */
export const MAX_STOCK = 1_000_000;

export type StockChange = { delta: number } | { stock: number };

export type StockOutcome =
  | { ok: true; stock: number }
  | { ok: false; reason: 'insufficient' | 'too_high' };

export function applyStockChange(current: number, change: StockChange): StockOutcome {
  const next = 'delta' in change ? current + change.delta : change.stock;
  if (next < 0) return { ok: false, reason: 'insufficient' };
  if (next > MAX_STOCK) return { ok: false, reason: 'too_high' };
  return { ok: true, stock: next };
}

export function isInStock(stock: number): boolean {
  return stock > 0;
}
