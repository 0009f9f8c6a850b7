import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions } from './subscriptions.schema';

/** How often counted calls are written; a process that dies loses at most this much counting. */
export const API_CALLS_FLUSH_MS = 10_000;

export interface ApiCallCounter {
  /** Counts one authenticated call of a farmer's, in memory. */
  count(farmerId: string): void;
  /** Adds the calls counted so far to each farmer's current subscription. */
  flush(): Promise<void>;
}

/**
 * A farmer's authenticated API calls this calendar month (usageStats.apiCalls), counted cheaply:
 * in memory per request, written once per farmer per flush. The first flush of a new month starts
 * the count again.
 */
export function createApiCallCounter(db: Db, clock: () => Date): ApiCallCounter {
  let pending = new Map<string, number>();
  return {
    count(farmerId) {
      pending.set(farmerId, (pending.get(farmerId) ?? 0) + 1);
    },
    async flush() {
      const batch = pending;
      pending = new Map();
      const now = clock();
      const month = now.toISOString().slice(0, 7);
      for (const [farmerId, calls] of batch) {
        const sameMonth = sql`substr(${subscriptions.usageStats}->>'lastUpdated', 1, 7) = ${month}`;
        const total = sql`case when ${sameMonth} then coalesce((${subscriptions.usageStats}->>'apiCalls')::int, 0) + ${calls}::int else ${calls}::int end`;
        await db
          .update(subscriptions)
          .set({
            usageStats: sql`jsonb_set(jsonb_set(${subscriptions.usageStats}, '{apiCalls}', to_jsonb(${total})), '{lastUpdated}', to_jsonb(${now.toISOString()}::text))`,
          })
          .where(
            and(
              eq(subscriptions.farmerId, farmerId),
              inArray(subscriptions.status, ['trial', 'active', 'past_due']),
            ),
          );
      }
    },
  };
}
