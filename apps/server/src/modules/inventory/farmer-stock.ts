import type { StockChange } from '@furrow/domain/stock';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { products } from '../products/products.schema';
import { productsChanged, stockAdded } from './stock-events';
import { recordMovements } from './stock-ledger';
import { stockAfter, stockInRange } from './stock-limits';

type ProductRecord = typeof products.$inferSelect;

/**
 * A farmer's (or an admin's) change of one product's stock, in ONE conditional statement: the row
 * is locked, the new value checked against zero and the maximum and written together, so that
 * concurrent changes queue on the row and none can pass zero. `scope` adds the caller's ownership
 * condition to the same statement. Stock that rose goes to the product's waiting pre-orders first,
 * in this transaction. Answers the row as those fills left it, or undefined when no row changed.
 */
export async function adjustStock(
  tx: Tx,
  input: { productId: string; change: StockChange; byUserId: string; scope?: SQL },
  now: Date,
): Promise<ProductRecord | undefined> {
  const { productId, change, byUserId } = input;
  // A stock set to a value moves by the difference from what it was: read under the row's lock.
  const before =
    'delta' in change
      ? undefined
      : (
          await tx
            .select({ stock: products.stock })
            .from(products)
            .where(and(eq(products.id, productId), input.scope))
            .for('update')
        )[0]?.stock;
  const [row] = await tx
    .update(products)
    .set({ stock: stockAfter(change), lastStockUpdate: now, updatedAt: now, updatedBy: byUserId })
    .where(and(eq(products.id, productId), input.scope, stockInRange(change)))
    .returning();
  if (!row) return undefined;
  const delta = 'delta' in change ? change.delta : row.stock - (before ?? row.stock);
  await recordMovements(tx, [
    { productId, delta, reason: delta > 0 ? 'restock' : 'adjustment', byUserId, at: now },
  ]);
  await publish(tx, productsChanged, { farmIds: [row.farmId] }, now);
  if (delta <= 0) return row;
  await publish(tx, stockAdded, { productId, farmId: row.farmId }, now);
  const [after] = await tx.select().from(products).where(eq(products.id, productId));
  return after ?? row;
}

/**
 * The stock products start with: a product just added, or the demo catalogue. Nothing waits for a
 * product that did not exist, so no pre-order is filled.
 */
export async function setInitialStock(
  tx: Tx,
  lines: { productId: string; stock: number }[],
  byUserId: string | null,
  now: Date,
): Promise<void> {
  for (const { productId, stock } of lines) {
    if (stock === 0) continue;
    await tx
      .update(products)
      .set({ stock, lastStockUpdate: now })
      .where(eq(products.id, productId));
  }
  await recordMovements(
    tx,
    lines.map(({ productId, stock }) => ({
      productId,
      delta: stock,
      reason: 'initial',
      byUserId,
      at: now,
    })),
  );
}
