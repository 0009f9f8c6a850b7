import type { listPreordersQuery, PreOrder, PreorderBody } from '@furrow/domain/api/preorders';
import { AppError } from '@furrow/domain/errors';
import { instantToFarmTime } from '@furrow/domain/farm-time';
import { canPreorder } from '@furrow/domain/preorders';
import { isHidden } from '@furrow/domain/product-visibility';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type Tx, withTransaction } from '../../db/transaction';
import { authorize, type Viewer } from '../../policy/policy';
import { visiblePreorders } from '../../policy/scopes';
import { farms } from '../farms/farms.schema';
import { products } from '../products/products.schema';
import { selectPreorderRows, toPreorderAnswer } from './preorder-answer';
import { fillPreorders, scheduleHarvestFill } from './preorder-fill';
import { preorders } from './preorders.schema';

type SignedIn = NonNullable<Viewer>;

export async function listPreorders(
  db: Db,
  viewer: SignedIn,
  query: z.output<typeof listPreordersQuery>,
): Promise<PreOrder[]> {
  const rows = await selectPreorderRows(db)
    .where(
      and(
        visiblePreorders(viewer),
        query.status ? eq(preorders.status, query.status) : undefined,
        query.productId ? eq(preorders.productId, query.productId) : undefined,
      ),
    )
    .orderBy(desc(preorders.createdAt), asc(preorders.id));
  return rows.map(toPreorderAnswer);
}

async function loadPreorder(db: Db | Tx, id: string): Promise<PreOrder> {
  const [row] = await selectPreorderRows(db).where(eq(preorders.id, id));
  if (!row) throw new AppError('PREORDER_NOT_FOUND');
  return toPreorderAnswer(row);
}

/**
 * The product a pre-order is for: on sale at an active farm, and sold out or not yet harvested on
 * the farm's calendar; anything buyable now goes in the cart instead.
 */
async function preorderableProduct(tx: Tx, productId: string, now: Date) {
  const [row] = await tx
    .select({ product: products, farm: farms })
    .from(products)
    .innerJoin(farms, eq(farms.id, products.farmId))
    .where(and(eq(products.id, productId), eq(farms.status, 'active')));
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  if (isHidden(row.product)) throw new AppError('PRODUCT_HIDDEN');
  const today = instantToFarmTime(now, row.farm.timeZone).date;
  if (!canPreorder(row.product, today)) throw new AppError('PREORDER_NOT_ALLOWED');
  return row;
}

export async function createPreorder(
  db: Db,
  customer: SignedIn,
  body: PreorderBody,
  now = new Date(),
): Promise<PreOrder> {
  return withTransaction(db, async (tx) => {
    const { product, farm } = await preorderableProduct(tx, body.productId, now);
    const [created] = await tx
      .insert(preorders)
      .values({
        customerId: customer.id,
        productId: product.id,
        quantity: body.quantity,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: preorders.id });
    if (!created) throw new Error('pre-order insert returned no row');
    await scheduleHarvestFill(tx, product, farm, now);
    return loadPreorder(tx, created.id);
  });
}

/**
 * The pre-order `viewer` means to change, locked until the transaction ends so that a fill of the
 * same product waits for the change (or the change for the fill); it must still be pending.
 */
async function findPendingPreorder(tx: Tx, viewer: SignedIn, id: string) {
  const [row] = await tx
    .select({ preorder: preorders, farmerId: products.farmerId })
    .from(preorders)
    .innerJoin(products, eq(products.id, preorders.productId))
    .where(eq(preorders.id, id))
    .for('update', { of: preorders });
  if (!row) throw new AppError('PREORDER_NOT_FOUND');
  authorize(viewer, 'preorder.change', {
    customerId: row.preorder.customerId,
    farmerId: row.farmerId,
  });
  if (row.preorder.status !== 'pending') throw new AppError('PREORDER_NOT_PENDING');
  return row.preorder;
}

/**
 * `PUT`: replaces the product and quantity. Another product goes to the back of that product's
 * queue; the same product keeps its place.
 */
export async function replacePreorder(
  db: Db,
  viewer: SignedIn,
  id: string,
  body: PreorderBody,
  now = new Date(),
): Promise<PreOrder> {
  return withTransaction(db, async (tx) => {
    const preorder = await findPendingPreorder(tx, viewer, id);
    const sameProduct = preorder.productId === body.productId;
    if (!sameProduct) {
      const { product, farm } = await preorderableProduct(tx, body.productId, now);
      await scheduleHarvestFill(tx, product, farm, now);
    }
    await tx
      .update(preorders)
      .set({
        productId: body.productId,
        quantity: body.quantity,
        createdAt: sameProduct ? undefined : now,
        updatedAt: now,
      })
      .where(eq(preorders.id, id));
    // A smaller quantity may now fit the stock that is waiting.
    await fillPreorders(tx, body.productId, now);
    return loadPreorder(tx, id);
  });
}

/** `DELETE`: the pre-order is cancelled, and kept so that the customer's list still shows it. */
export async function cancelPreorder(
  db: Db,
  viewer: SignedIn,
  id: string,
  now = new Date(),
): Promise<PreOrder> {
  return withTransaction(db, async (tx) => {
    await findPendingPreorder(tx, viewer, id);
    await tx
      .update(preorders)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(preorders.id, id));
    return loadPreorder(tx, id);
  });
}
