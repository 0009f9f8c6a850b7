import { farmTimeToInstant, instantToFarmTime } from '@furrow/domain/farm-time';
import { lineTotalCents } from '@furrow/domain/order-totals';
import { allocatePreorders, isUpcoming, sellableStock } from '@furrow/domain/preorders';
import { isHidden } from '@furrow/domain/product-visibility';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type Tx, withTransaction } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { defineJob } from '../../jobs/job-kind';
import type { JobHandler } from '../../jobs/worker';
import { farms } from '../farms/farms.schema';
import { takeStock } from '../inventory';
import { insertOrder, nextOpenSlot, queueOrderMail } from '../orders';
import { products } from '../products/products.schema';
import { farmersSelling } from '../subscriptions';
import { preorders } from './preorders.schema';

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
  // A farm whose plan has lapsed takes no orders (product rules: pre-orders), filled pre-orders included.
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
    // Allocated from the stock under this row's lock: the take cannot come up short.
    const taken = { productId, quantity: preorder.quantity, orderId, preorderId: preorder.id };
    await takeStock(tx, [taken], 'preorder-filled', now);
    await tx
      .update(preorders)
      .set({ status: 'filled', filledOrderId: orderId, filledAt: now, updatedAt: now })
      .where(eq(preorders.id, preorder.id));
    await queueOrderMail(tx, orderId, 'preorder-filled');
    orderIds.push(orderId);
  }
  return orderIds;
}

/** Fills a product's pending pre-orders once its harvest day has come (product rules: pre-orders). */
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

/** Subscribed to `stock.added`: stock that arrives goes to the waiting pre-orders first. */
export async function fillOnStockAdded(
  tx: Tx,
  added: { productId: string },
  now: Date,
): Promise<void> {
  await fillPreorders(tx, added.productId, now);
}

/**
 * Subscribed to `product.harvest-moved`: the pre-orders fill on the new day, or now when it has
 * come. A fill scheduled for the old day finds the product still upcoming and fills nothing.
 */
export async function fillOnHarvestMoved(
  tx: Tx,
  moved: { productId: string; farmId: string; availableFrom: string | null },
  now: Date,
): Promise<void> {
  const [farm] = await tx
    .select({ timeZone: farms.timeZone })
    .from(farms)
    .where(eq(farms.id, moved.farmId));
  if (farm) {
    const product = { id: moved.productId, availableFrom: moved.availableFrom };
    await scheduleHarvestFill(tx, product, farm, now);
  }
  await fillPreorders(tx, moved.productId, now);
}
