import { inLockOrder } from '@furrow/domain/checkout';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { products } from '../products/products.schema';
import type { StockReason } from './inventory.schema';
import { productsChanged, stockAdded } from './stock-events';
import { recordMovements } from './stock-ledger';

export interface OrderLine {
  productId: string;
  quantity: number;
  /** The order the stock goes to, or comes back from. */
  orderId: string;
  preorderId?: string;
}

/**
 * Takes the lines' stock for orders: `UPDATE products SET stock = stock - n WHERE id = $id AND
 * stock >= n`, line by line in product-id order, so that concurrent takes queue on the rows
 * instead of deadlocking and none can take what is not there. A card checkout's take is its hold
 * (`reserved`) until paid or released. Answers the product that was short, or null when every
 * line was taken; the caller then throws and its transaction undoes the lines taken before.
 */
export async function takeStock(
  tx: Tx,
  lines: OrderLine[],
  reason: Extract<StockReason, 'sold' | 'reserved' | 'preorder-filled'>,
  now: Date,
): Promise<string | null> {
  const farmIds: string[] = [];
  for (const line of inLockOrder(lines)) {
    const [taken] = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} - ${line.quantity}::integer`,
        lastStockUpdate: now,
        updatedAt: now,
      })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ farmId: products.farmId });
    if (!taken) return line.productId;
    farmIds.push(taken.farmId);
    await recordMovements(tx, [
      {
        productId: line.productId,
        delta: -line.quantity,
        reason,
        orderId: line.orderId,
        preorderId: line.preorderId ?? null,
        at: now,
      },
    ]);
  }
  await publish(tx, productsChanged, { farmIds: [...new Set(farmIds)] }, now);
  return null;
}

/**
 * Puts an order's quantities back on the shelf, in product-id order like a take: a cancelled
 * order's (`returned`) or an unpaid card hold's (`released`). Waiting pre-orders of those products
 * have them first.
 */
export async function putBackStock(
  tx: Tx,
  lines: OrderLine[],
  reason: Extract<StockReason, 'returned' | 'released'>,
  now: Date,
): Promise<void> {
  const farmIds: string[] = [];
  for (const line of inLockOrder(lines)) {
    const [restocked] = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} + ${line.quantity}::integer`,
        lastStockUpdate: now,
        updatedAt: now,
      })
      .where(eq(products.id, line.productId))
      .returning({ farmId: products.farmId });
    if (!restocked) continue;
    farmIds.push(restocked.farmId);
    await recordMovements(tx, [
      {
        productId: line.productId,
        delta: line.quantity,
        reason,
        orderId: line.orderId,
        at: now,
      },
    ]);
    await publish(tx, stockAdded, { productId: line.productId, farmId: restocked.farmId }, now);
  }
  await publish(tx, productsChanged, { farmIds: [...new Set(farmIds)] }, now);
}
