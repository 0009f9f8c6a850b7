import type { FarmProductsAnswer, FarmProductsQuery } from '@furrow/domain/api/farms';
import type { Product } from '@furrow/domain/api/products';
import { AppError } from '@furrow/domain/errors';
import { encodeProductCursor } from '@furrow/domain/farm-product-pages';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { isAdmin, type Viewer } from '../../policy/policy';
import { visibleFarms, visibleProducts } from '../../policy/scopes';
import { farms } from '../farms/farms.schema';
import { selectProducts, toProductAnswer } from './product-answer';
import { products } from './products.schema';

/** "Farm not found" unless `viewer` may see the farm. */
async function requireVisibleFarm(db: Executor, viewer: Viewer, farmId: string) {
  const [farm] = await db
    .select({ id: farms.id })
    .from(farms)
    .where(and(eq(farms.id, farmId), visibleFarms(viewer)));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
}

/**
 * A farm's products in name order; "Farm not found" for a farm `viewer` may not see. Hidden
 * products are listed for their owner and admins only.
 */
export async function listFarmProducts(
  db: Executor,
  viewer: Viewer,
  farmId: string,
): Promise<Product[]> {
  await requireVisibleFarm(db, viewer, farmId);
  const rows = await selectProducts(db)
    .where(and(eq(products.farmId, farmId), visibleProducts(viewer)))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map((row) => toProductAnswer(row));
}

type PageFilters = Pick<FarmProductsQuery, 'categorySlug' | 'q'>;

/** The products of one farm that `viewer` may see and that match the filters. */
function matching(viewer: Viewer, farmId: string, { categorySlug, q }: PageFilters) {
  const conditions: (SQL | undefined)[] = [eq(products.farmId, farmId), visibleProducts(viewer)];
  if (categorySlug) conditions.push(eq(products.categorySlug, categorySlug));
  if (q) {
    // The shopper's text is matched as typed: % and _ are not wildcards for them.
    const pattern = `%${q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(or(ilike(products.name, pattern), ilike(products.description, pattern)));
  }
  return and(...conditions);
}

/**
 * One page of a farm's products in (name, id) order, starting after `after`, with one row more
 * than `limit` to tell whether another page follows. The order and the range condition are those
 * of `products_farm_name_idx`, so a page is a range scan of it however deep it lies.
 */
export function farmProductRows(
  db: Executor,
  viewer: Viewer,
  farmId: string,
  { after, limit, ...filters }: FarmProductsQuery,
) {
  const from =
    after && sql`(${products.name}, ${products.id}) > (${after.name}, ${after.id}::uuid)`;
  return selectProducts(db)
    .where(and(matching(viewer, farmId, filters), from))
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit + 1);
}

/** Whether `viewer` sees the hidden products of a farm `farmerId` runs (see `visibleProducts`). */
export function seesHiddenProducts(viewer: Viewer, farmerId: string): boolean {
  return viewer !== null && (isAdmin(viewer) || viewer.id === farmerId);
}

/**
 * A page of a farm's products for its public page; "Farm not found" for a farm `viewer` may not
 * see. Hidden products are listed for their owner and admins only. The first page counts what
 * matches, unless the caller knows it already (`known`); the pages after it do not count again.
 */
export async function farmProductPage(
  db: Executor,
  viewer: Viewer,
  farmId: string,
  query: FarmProductsQuery,
  known?: number,
): Promise<FarmProductsAnswer> {
  await requireVisibleFarm(db, viewer, farmId);
  const counting =
    query.after || known !== undefined
      ? undefined
      : db
          .select({ n: count() })
          .from(products)
          .where(matching(viewer, farmId, query));
  const [rows, counted] = await Promise.all([farmProductRows(db, viewer, farmId, query), counting]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1)?.product;
  return {
    products: page.map((row) => toProductAnswer(row)),
    total: query.after ? null : (known ?? counted?.[0]?.n ?? 0),
    nextCursor:
      rows.length > query.limit && last
        ? encodeProductCursor({ name: last.name, id: last.id })
        : null,
  };
}
