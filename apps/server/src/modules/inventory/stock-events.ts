import { z } from 'zod';
import type { Tx } from '../../db/transaction';
import { defineEvent } from '../../domain-events/event-kind';
import { publish } from '../../domain-events/publish';

/**
 * Stock on hand rose (a restock, a return, a released hold, an adjustment up), or stock on hand
 * became sellable again (a product shown again, a harvest day come): waiting pre-orders have it
 * first, in the same transaction (product rules: pre-orders).
 */
export const stockAdded = defineEvent(
  'stock.added',
  z.object({ productId: z.uuid(), farmId: z.uuid() }),
);

/**
 * What browse shows of some farms' products changed: their stock, fields or visibility. Named by
 * farm, or by farmer when the farmer's own name (shown with each product) or plan changed.
 */
export const productsChanged = defineEvent(
  'products.changed',
  z.union([z.object({ farmIds: z.array(z.uuid()) }), z.object({ farmerId: z.uuid() })]),
);
export type ProductsChanged = z.infer<typeof productsChanged.schema>;

/**
 * Stock the product holds may now be sold: it was shown again, or its harvest day came. Its waiting
 * pre-orders take it first, as they take new stock.
 */
export async function offerStock(
  tx: Tx,
  product: { id: string; farmId: string },
  now: Date,
): Promise<void> {
  await publish(tx, stockAdded, { productId: product.id, farmId: product.farmId }, now);
}
