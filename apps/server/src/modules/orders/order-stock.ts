import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';
import { putBackStock } from '../inventory';
import { orderItems } from './orders.schema';

/**
 * Puts a cancelled order's quantities back on the shelf (`returned`), or those a card order held
 * while it awaited its payment (`released`); waiting pre-orders of those products have them first.
 */
export async function returnStock(
  tx: Tx,
  orderId: string,
  now: Date,
  reason: 'returned' | 'released' = 'returned',
): Promise<void> {
  const rows = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  // An open order's products are all there: a line's product goes only with its farmer's account.
  const lines = rows.flatMap(({ productId, quantity }) =>
    productId === null ? [] : [{ productId, quantity, orderId }],
  );
  await putBackStock(tx, lines, reason, now);
}
