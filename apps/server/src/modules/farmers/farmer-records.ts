import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';
import { farmers } from './farmers.schema';

/** A farmer's record, locked until the caller's transaction ends: the change that follows reads it. */
export async function lockFarmer(
  tx: Tx,
  id: string,
): Promise<{ id: string; featured: boolean } | undefined> {
  const [farmer] = await tx
    .select({ id: farmers.id, featured: farmers.featured })
    .from(farmers)
    .where(eq(farmers.id, id))
    .for('update');
  return farmer;
}

/** Features or unfeatures a farmer (product rules: administration). */
export async function setFarmerFeatured(tx: Tx, id: string, featured: boolean): Promise<void> {
  await tx.update(farmers).set({ featured, updatedAt: new Date() }).where(eq(farmers.id, id));
}

/**
 * Removes a farmer's record with the account (product rules: deletion): their subscriptions and
 * payment methods go with it. Their farms must already be gone.
 */
export async function deleteFarmerRecord(tx: Tx, id: string): Promise<void> {
  await tx.delete(farmers).where(eq(farmers.id, id));
}

/**
 * The farmer record carries a farm name, a city and a region: the first farm gives them until the
 * farmer says otherwise.
 */
export async function nameFarmerAfterFirstFarm(
  db: Executor,
  farmerId: string,
  farm: { name: string; city: string; region: string },
): Promise<void> {
  await db
    .update(farmers)
    .set({
      farmName: farm.name,
      city: sql`case when ${farmers.city} = '' then ${farm.city} else ${farmers.city} end`,
      region: sql`case when ${farmers.region} = '' then ${farm.region} else ${farmers.region} end`,
    })
    .where(and(eq(farmers.id, farmerId), eq(farmers.farmName, '')));
}
