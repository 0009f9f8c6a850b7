import type { BrowseProductsQuery, Product } from '@furrow/domain/api/products';
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farms, products } from '../../db/schema';
import { shownProducts } from '../../policy/scopes';
import { earthPoint, farmDistanceMetres, farmEarthPoint } from './farm-distance';
import { selectProducts, toProductAnswer } from './product-answer';

/** Farms whose products the first query of a page reads; each later query reads twice as many. */
const FIRST_GROUP_OF_FARMS = 4;

/**
 * Products of active farms within `radiusKm` of a point, nearest farm first.
 *
 * The farms first, then their products: the distance is worked out once per farm (found through the
 * GiST index on `ll_to_earth(lat, lng)` with `earth_box`, whose corners `earth_distance` then drops),
 * not once per product row in the sort. On the embedded database that sort was most of the cost of
 * a page.
 */
export async function browseProducts(db: Db, options: BrowseProductsQuery): Promise<Product[]> {
  const nearby = await nearbyFarms(db, options);
  if (nearby.length === 0) return [];

  const filters = productFilters(options);

  // The page is read farm by farm in order of distance, a growing group of farms at a time, until
  // it is full: its cost follows the products of the nearest farms, not every product in the radius
  // (thousands around a big city), which one query sorting them all would read.
  const wanted = options.offset + options.limit;
  const rows: Awaited<ReturnType<typeof productPage>> = [];
  let start = 0;
  let groupSize = FIRST_GROUP_OF_FARMS;
  while (start < nearby.length && rows.length < wanted) {
    const group = nearby.slice(start, start + groupSize).map((farm) => farm.id);
    rows.push(...(await productPage(db, group, filters, wanted - rows.length)));
    start += groupSize;
    groupSize *= 2;
  }

  const distanceKm = new Map(nearby.map((farm) => [farm.id, farm.distanceMetres / 1000]));
  return rows
    .slice(options.offset, wanted)
    .map((row) => toProductAnswer({ ...row, distanceKm: distanceKm.get(row.product.farmId) }));
}

/** The category and search text of a browse, as conditions on products. */
export function productFilters(
  options: Pick<BrowseProductsQuery, 'categorySlug' | 'q'>,
): (SQL | undefined)[] {
  // Browsing is the shop window: hidden products stay out of it, even for their owner.
  const filters: (SQL | undefined)[] = [shownProducts()];
  if (options.categorySlug) filters.push(eq(products.categorySlug, options.categorySlug));
  if (options.q) {
    const pattern = `%${options.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    const matches = or(ilike(products.name, pattern), ilike(products.description, pattern));
    if (matches) filters.push(matches);
  }
  return filters;
}

/** Up to `limit` matching products of `farmIds`, in the order of the list, then by name. */
export function productPage(
  db: Db,
  farmIds: string[],
  filters: (SQL | undefined)[],
  limit: number,
) {
  return selectProducts(db)
    .where(and(inArray(products.farmId, farmIds), ...filters))
    .orderBy(
      sql`array_position(${sql.param(farmIds)}::uuid[], ${products.farmId})`,
      asc(products.name),
      asc(products.id),
    )
    .limit(limit);
}

/** Active farms within the radius, nearest first, with their distance in metres. */
export function nearbyFarms(
  db: Db,
  options: Pick<BrowseProductsQuery, 'lat' | 'long' | 'radiusKm'>,
) {
  const radiusMetres = options.radiusKm * 1000;
  const distanceMetres = farmDistanceMetres(options);
  return db
    .select({ id: farms.id, distanceMetres })
    .from(farms)
    .where(
      and(
        eq(farms.status, 'active'),
        sql`earth_box(${earthPoint(options)}, ${radiusMetres}) @> ${farmEarthPoint}`,
        sql`${distanceMetres} <= ${radiusMetres}`,
      ),
    )
    .orderBy(asc(distanceMetres), asc(farms.id));
}
