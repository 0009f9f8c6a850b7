import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { events } from './events.schema';

/** How many events a farmer has, for the record kept of their account's deletion. */
export async function countFarmerEvents(db: Executor, farmerId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(events)
    .where(eq(events.farmerId, farmerId));
  return row?.count ?? 0;
}

/** Removes a farmer's events with the account (product rules: deletion). */
export async function deleteFarmerEvents(db: Executor, farmerId: string): Promise<void> {
  await db.delete(events).where(eq(events.farmerId, farmerId));
}
