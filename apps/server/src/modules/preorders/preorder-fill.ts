import { farmTimeToInstant, instantToFarmTime } from '@furrow/domain/farm-time';
import { lineTotalCents } from '@furrow/domain/order-totals';
import { allocatePreorders, isUpcoming, sellableStock } from '@furrow/domain/preorders';
import { isHidden } from '@furrow/domain/product-visibility';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { farms, preorders, products } from '../../db/schema';
import { type Tx, withTransaction } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { defineJob } from '../../jobs/job-kind';
import type { JobHandler } from '../../jobs/worker';
import { nextOpenSlot } from '../orders/fulfilment';
import { queueOrderMail } from '../orders/order-mails';
import { insertOrder } from '../orders/order-records';
import { farmProductsChanged } from '../products/shown-products-index';
import { farmersSelling } from '../subscriptions/farmers-selling';

/**
 * Turns a product's pending pre-orders into orders with the stock it has now, oldest first, whole
 * or not at all (`allocatePreorders`), in the caller's transaction: the one that added the stock.
 * Each becomes a normal order at the farm's next pickup slot with room, paid at pickup.
 * Answers the ids of the orders made.
 */
export async function fillPreorders(tx: Tx, productId: string, now: Date): Promise<string[]> {
  // The product's row lock makes concurrent fills of one product take turns, so no stock is
  // promised twice and no pre-order is filled twice.
  const [row] = await tx
    .select({ product: products, farm: farms })
    .from(products)
    .innerJoin(farms, eq(farms.id, products.farmId))
    .where(eq(products.id, productId))
    .for('update', { of: products });
  // A hidden product is not for sale: its pre-orders wait until it is shown again.
  if (row?.farm.status !== 'active' || isHidden(row.product)) return [];
  const { product, farm } = row;
  // A farm whose plan has lapsed takes no orders (DESIGN section 4), filled pre-orders included.
  if (!(await farmersSelling(tx, [farm.farmerId])).has(farm.farmerId)) return [];
  const farmToday = instantToFarmTime(now, farm.timeZone).date;
  const available = sellableStock(product, farmToday);
  if (available === 0) return [];

  const pending = await tx
    .select()
    .from(preorders)
    .where(and(eq(preorders.productId, productId), eq(preorders.status, 'pending')))
    .orderBy(asc(preorders.createdAt), asc(preorders.id))
    // A pre-order being changed or cancelled at this moment is filled as it ends up, or not at all.
    .for('update');
  const { filled } = allocatePreorders(pending, available);

  const orderIds: string[] = [];
  for (const preorder of filled) {
    await tx
      .update(products)
      .set({
        stock: sql`${products.stock} - ${preorder.quantity}::integer`,
        lastStockUpdate: now,
        updatedAt: now,
      })
      .where(and(eq(products.id, productId), gte(products.stock, preorder.quantity)));
    const line = {
      productId,
      name: product.name,
      unit: product.unit,
      priceCents: product.priceCents,
      quantity: preorder.quantity,
    };
    const orderId = await insertOrder(tx, {
      customerId: preorder.customerId,
      farm,
      lines: [{ ...line, lineTotalCents: lineTotalCents(line) }],
      fulfilment: { method: 'pickup', slot: await nextOpenSlot(tx, farm, now) },
      farmToday,
      payment: 'pay_at_pickup',
      note: '',
      by: null,
      now,
    });
    await tx
      .update(preorders)
      .set({ status: 'filled', filledOrderId: orderId, filledAt: now, updatedAt: now })
      .where(eq(preorders.id, preorder.id));
    await queueOrderMail(tx, orderId, 'preorder-filled');
    orderIds.push(orderId);
  }
  if (filled.length > 0) await farmProductsChanged(tx, [product.farmId]);
  return orderIds;
}

/** Fills a product's pending pre-orders once its harvest day has come (DESIGN section 4). */
export const fillPreordersJob = defineJob('fill-preorders', z.object({ productId: z.uuid() }));

export function fillPreordersHandler(db: Db): JobHandler<{ productId: string }> {
  return ({ productId }) =>
    withTransaction(db, async (tx) => {
      await fillPreorders(tx, productId, new Date());
    });
}

/**
 * For an upcoming product, a fill at the start of its harvest day on the farm's clock. A job that
 * runs while the product is still upcoming (its date was moved later) fills nothing; the move
 * schedules its own. A product already harvested needs none: stock that arrives fills at once.
 */
export async function scheduleHarvestFill(
  tx: Tx,
  product: { id: string; availableFrom: string | null },
  farm: { timeZone: string },
  now: Date,
): Promise<void> {
  if (product.availableFrom === null) return;
  if (!isUpcoming(product, instantToFarmTime(now, farm.timeZone).date)) return;
  await enqueue(
    tx,
    fillPreordersJob,
    { productId: product.id },
    { runAt: farmTimeToInstant(product.availableFrom, '00:00', farm.timeZone) },
  );
}
