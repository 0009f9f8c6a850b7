import type { Product } from '@furrow/domain/api/products';
import { AppError } from '@furrow/domain/errors';
import { and, asc, eq } from 'drizzle-orm';
import { farms, products } from '../../db/schema';
import type { Executor } from '../../db/transaction';
import type { Viewer } from '../../policy/policy';
import { visibleFarms, visibleProducts } from '../../policy/scopes';
import { selectProducts, toProductAnswer } from './product-answer';

/**
 * A farm's products in name order; "Farm not found" for a farm `viewer` may not see. Hidden
 * products are listed for their owner and admins only.
 */
export async function listFarmProducts(
  db: Executor,
  viewer: Viewer,
  farmId: string,
): Promise<Product[]> {
  const [farm] = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), visibleFarms(viewer)));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  const rows = await selectProducts(db)
    .where(and(eq(products.farmId, farmId), visibleProducts(viewer)))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map((row) => toProductAnswer(row));
}
