import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { subscriptions } from './subscriptions.schema';

/**
 * Of the given farmers, those whose plan is in trial or active. A farm whose plan has lapsed or
 * fallen past due stays visible but takes no orders (product rules: plans and limits).
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
