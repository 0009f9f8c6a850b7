import { instantToFarmTime } from '@furrow/domain/farm-time';
import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';
import type { DemoShop } from '../../demo/seed';
import { products } from '../products/products.schema';
import { scheduleHarvestFill } from './preorder-fill';
import { preorders } from './preorders.schema';

/**
 * The demo customer's pending pre-order of an upcoming product at the demo farmer's farm, which
 * fills itself on its harvest day, so that both see pre-orders right after `npm start`.
 */
export async function seedDemoPreorders(tx: Tx, demo: DemoShop): Promise<void> {
  const { customerId, farm, now } = demo;
  const [upcoming] = await tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.farmId, farm.id),
        gt(products.availableFrom, instantToFarmTime(now, farm.timeZone).date),
      ),
    )
    .limit(1);
  if (!upcoming) return;
  await tx.insert(preorders).values({ customerId, productId: upcoming.id, quantity: 2 });
  await scheduleHarvestFill(tx, upcoming, farm, now);
}
