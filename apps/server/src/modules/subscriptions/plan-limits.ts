import { AppError } from '@furrow/domain/errors';
import {
  canAddProducts,
  canStoreBytes,
  getPlan,
  type Plan,
  productLimitMessage,
  storageLimitMessage,
} from '@furrow/domain/plans';
import { hiddenByPlanLimit, planHidingChanges } from '@furrow/domain/product-visibility';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { farmers } from '../farmers/farmers.schema';
import { farms } from '../farms/farms.schema';
import { offerStock, productsChanged } from '../inventory';
import { products } from '../products/products.schema';
import { subscriptions } from './subscriptions.schema';

// The limits of a farmer's plan (product rules: plans and limits), for the modules that add
// products and store images. Limits count across all of a farmer's farms.

/** The plan of the farmer's current subscription (trial or active), or undefined without one. */
async function currentPlan(
  db: Executor,
  farmerId: string,
  lock: boolean,
): Promise<Plan | undefined> {
  const query = db
    .select({ planId: subscriptions.planId })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.farmerId, farmerId), inArray(subscriptions.status, ['trial', 'active'])),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ? getPlan(row.planId) : undefined;
}

/**
 * Publishing a product needs a plan in trial or active, and room under its `maxProducts`. Locking
 * the subscription row makes two products added at once by the same farmer wait for each other, so
 * that both cannot take the last place; the caller inserts in the same transaction. Products the
 * farmer hid are not in the shop and take no place; showing one again (`showing`) needs a place.
 */
export async function assertRoomForProduct(
  tx: Tx,
  farmerId: string,
  showing?: string,
): Promise<void> {
  const plan = await currentPlan(tx, farmerId, true);
  if (!plan) throw new AppError('PLAN_REQUIRED');
  const [held] = await tx
    .select({ n: count() })
    .from(products)
    .where(
      and(
        eq(products.farmerId, farmerId),
        eq(products.hiddenByFarmer, false),
        showing === undefined ? undefined : ne(products.id, showing),
      ),
    );
  if (!canAddProducts(plan, held?.n ?? 0)) {
    throw new AppError('PRODUCT_LIMIT', productLimitMessage(plan));
  }
}

/**
 * An upload must fit the plan's storage. A farmer without a plan yet may set up their farm's logo
 * and photos within the smallest plan's storage, so that choosing a plan is not the first step.
 */
export async function assertRoomForBytes(
  db: Executor,
  farmerId: string,
  bytes: number,
): Promise<void> {
  const plan = (await currentPlan(db, farmerId, false)) ?? getPlan('starter');
  const [farmer] = await db
    .select({ used: farmers.storageUsedBytes })
    .from(farmers)
    .where(eq(farmers.id, farmerId));
  if (!canStoreBytes(plan, farmer?.used ?? 0, bytes)) {
    throw new AppError('STORAGE_LIMIT', storageLimitMessage(plan));
  }
}

export interface PlanHiding {
  /** Names of the products the plan's limit hid just now. */
  hidden: string[];
  /** Ids of the products it showed again. */
  shown: string[];
}

/**
 * Keeps a farmer's shop within their plan (product rules: plans and limits): of the products the
 * farmer shows, those past `maxProducts` (the newest) are hidden by the plan, and the ones that fit
 * again are shown; nothing is deleted. The products are locked in id order, as checkout locks
 * them, so neither waits on the other in a circle. Run in the transaction that changes the plan or
 * the products. Without a plan in trial or active nothing moves: such a farm is read-only and
 * takes no orders anyway, and a lapse is not a reason to pull products from the shop.
 */
export async function applyPlanLimit(tx: Tx, farmerId: string, now: Date): Promise<PlanHiding> {
  const plan = await currentPlan(tx, farmerId, false);
  if (!plan) return { hidden: [], shown: [] };
  const held = await tx
    .select({
      id: products.id,
      farmId: products.farmId,
      name: products.name,
      createdAt: products.createdAt,
      hiddenByFarmer: products.hiddenByFarmer,
      hiddenByPlan: products.hiddenByPlan,
    })
    .from(products)
    .where(eq(products.farmerId, farmerId))
    .orderBy(asc(products.id))
    .for('update');
  const { hide, show } = planHidingChanges(held, hiddenByPlanLimit(held, plan.maxProducts));
  if (hide.length > 0 || show.length > 0) await publish(tx, productsChanged, { farmerId }, now);
  if (hide.length > 0) {
    await tx
      .update(products)
      .set({ hiddenByPlan: true, updatedAt: now })
      .where(
        inArray(
          products.id,
          hide.map((product) => product.id),
        ),
      );
  }
  if (show.length > 0) {
    await tx
      .update(products)
      .set({ hiddenByPlan: false, updatedAt: now })
      .where(
        inArray(
          products.id,
          show.map((product) => product.id),
        ),
      );
    // Back on sale: stock it holds goes to its waiting pre-orders first, as new stock would.
    for (const product of show) await offerStock(tx, product, now);
  }
  const oldestFirst = [...hide].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return {
    hidden: oldestFirst.map((product) => product.name),
    shown: show.map((product) => product.id),
  };
}

/** The farmer's products their plan hides now, oldest first, with their farm. */
export async function productsHiddenByPlan(db: Executor, farmerId: string) {
  return db
    .select({ id: products.id, name: products.name, farmId: farms.id, farmName: farms.name })
    .from(products)
    .innerJoin(farms, eq(farms.id, products.farmId))
    .where(and(eq(products.farmerId, farmerId), eq(products.hiddenByPlan, true)))
    .orderBy(asc(products.createdAt), asc(products.id));
}
