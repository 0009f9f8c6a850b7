import { AppError } from '@furrow/domain/errors';
import {
  canAddProducts,
  canStoreBytes,
  getPlan,
  type Plan,
  productLimitMessage,
  storageLimitMessage,
} from '@furrow/domain/plans';
import { and, count, eq, inArray } from 'drizzle-orm';
import { farmers, products, subscriptions } from '../../db/schema';
import type { Executor, Tx } from '../../db/transaction';

// The limits of a farmer's plan (spec 9, DESIGN section 4), for the modules that add products and
// store images. Limits count across all of a farmer's farms.

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
 * that both cannot take the last place; the caller inserts in the same transaction.
 */
export async function assertRoomForProduct(tx: Tx, farmerId: string): Promise<void> {
  const plan = await currentPlan(tx, farmerId, true);
  if (!plan) throw new AppError('PLAN_REQUIRED');
  const [held] = await tx
    .select({ n: count() })
    .from(products)
    .where(eq(products.farmerId, farmerId));
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

/**
 * Of the given farmers, those whose plan is in trial or active. A farm whose plan has lapsed or
 * fallen past due stays visible but takes no orders (DESIGN section 4).
 */
export async function farmersSelling(db: Executor, farmerIds: string[]): Promise<Set<string>> {
  if (farmerIds.length === 0) return new Set();
  const rows = await db
    .select({ farmerId: subscriptions.farmerId })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.farmerId, farmerIds),
        inArray(subscriptions.status, ['trial', 'active']),
      ),
    );
  return new Set(rows.map((row) => row.farmerId));
}
