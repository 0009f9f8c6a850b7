import type { FarmStatus } from '@furrow/domain/api/farms';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { farmsChanged } from './farm-events';
import { farms } from './farms.schema';

export type FarmRecord = typeof farms.$inferSelect;

/** A farm's row, locked until the caller's transaction ends: the change that follows reads it. */
export async function lockFarm(tx: Tx, id: string): Promise<FarmRecord | undefined> {
  const [farm] = await tx.select().from(farms).where(eq(farms.id, id)).for('update');
  return farm;
}

/** The ids of a farmer's farms, locked until the caller's transaction ends. */
export async function lockFarmerFarms(tx: Tx, farmerId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: farms.id })
    .from(farms)
    .where(eq(farms.farmerId, farmerId))
    .for('update');
  return rows.map((farm) => farm.id);
}

/**
 * Suspends or reinstates a farm and features or unfeatures it (product rules: administration); a
 * suspended farm keeps the reason its owner is told.
 */
export async function setFarmStanding(
  tx: Tx,
  id: string,
  standing: { status: FarmStatus; featured: boolean; suspendedReason: string | null },
): Promise<void> {
  await tx
    .update(farms)
    .set({ ...standing, updatedAt: new Date() })
    .where(eq(farms.id, id));
  await publish(tx, farmsChanged, {}, new Date());
}

/**
 * Removes a farmer's farms with the account (product rules: deletion); their pickup windows and
 * daily figures go with them. Their orders must already be parted from them.
 */
export async function deleteFarmerFarms(tx: Tx, farmerId: string): Promise<void> {
  await tx.delete(farms).where(eq(farms.farmerId, farmerId));
  await publish(tx, farmsChanged, {}, new Date());
}
