import { inLockOrder } from '@furrow/domain/checkout';
import { eq, sql } from 'drizzle-orm';
import { orderItems, products } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { fillPreorders } from '../preorders/preorder-fill';
import { farmProductsChanged } from '../products/shown-products-index';

/**
 * Puts a cancelled order's quantities back on the shelf, in product-id order like checkout, and
 * lets the pending pre-orders of those products have them first.
 */
export async function returnStock(tx: Tx, orderId: string, now: Date): Promise<void> {
  const rows = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  // An open order's products are all there: a line's product goes only with its farmer's account.
  const lines = rows.flatMap(({ productId, quantity }) =>
    productId === null ? [] : [{ productId, quantity }],
  );
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
    if (restocked) farmIds.push(restocked.farmId);
    await fillPreorders(tx, line.productId, now);
  }
  await farmProductsChanged(tx, farmIds);
}
