import { dayOf } from '@furrow/domain/analytics';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farmDailyStats } from './analytics.schema';

/** How often counted views are written; a process that dies loses at most this much counting. */
export const VIEWS_FLUSH_MS = 10_000;

export type ViewKind = 'farm' | 'product';

export interface ViewCounter {
  /** Counts one view of a farm's page or of one of its products, in memory. */
  count(farmId: string, kind: ViewKind): void;
  /** Adds the views counted so far to each farm's row of the day they were counted. */
  flush(): Promise<void>;
}

/**
 * Page views, counted cheaply: a read of a public page must not wait for a write, so views are
 * kept in memory per farm and day and added to `farm_daily_stats` in one upsert per farm and day
 * per flush. Several processes each add their own counts.
 */
export function createViewCounter(db: Db, clock: () => Date): ViewCounter {
  let pending = new Map<string, { farmId: string; day: string; farm: number; product: number }>();
  return {
    count(farmId, kind) {
      const day = dayOf(clock());
      const key = `${farmId}:${day}`;
      const entry = pending.get(key) ?? { farmId, day, farm: 0, product: 0 };
      entry[kind] += 1;
      pending.set(key, entry);
    },
    async flush() {
      const batch = pending;
      pending = new Map();
      for (const entry of batch.values()) {
        await db
          .insert(farmDailyStats)
          .values({
            farmId: entry.farmId,
            day: entry.day,
            farmViews: entry.farm,
            productViews: entry.product,
          })
          .onConflictDoUpdate({
            target: [farmDailyStats.farmId, farmDailyStats.day],
            set: {
              farmViews: sql`${farmDailyStats.farmViews} + ${entry.farm}`,
              productViews: sql`${farmDailyStats.productViews} + ${entry.product}`,
            },
          })
          // The farm was deleted since its page was read: nothing to count against.
          .catch((error: unknown) => {
            if (!isForeignKeyViolation(error)) throw error;
          });
      }
    },
  };
}

const isForeignKeyViolation = (error: unknown) =>
  (error as { code?: string }).code === '23503' ||
  (error as { cause?: { code?: string } }).cause?.code === '23503';
