import { asc, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';
import { type StockReason, stockMovements } from './inventory.schema';

export interface StockMovement {
  productId: string;
  delta: number;
  reason: StockReason;
  orderId?: string | null;
  preorderId?: string | null;
  byUserId?: string | null;
  at: Date;
}

/** Writes movements in the transaction that moved the stock; a change of nothing leaves no row. */
export async function recordMovements(tx: Tx, movements: StockMovement[]): Promise<void> {
  const moved = movements.filter((movement) => movement.delta !== 0);
  if (moved.length > 0) await tx.insert(stockMovements).values(moved);
}

/** A product's movements, oldest first: why its stock is what it is. */
export function stockHistory(db: Executor, productId: string) {
  return db
    .select({
      delta: stockMovements.delta,
      reason: stockMovements.reason,
      orderId: stockMovements.orderId,
      preorderId: stockMovements.preorderId,
      byUserId: stockMovements.byUserId,
      at: stockMovements.at,
    })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.at), asc(stockMovements.id));
}
