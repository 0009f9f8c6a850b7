import {
  type BrowseProductsQuery,
  PRODUCTS_PER_FARM_ROUND,
  type Product,
} from '@furrow/domain/api/products';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farms, products } from '../../db/schema';
import { earthPoint, farmDistanceMetres, farmEarthPoint } from './farm-distance';
import { selectProducts, toProductAnswer } from './product-answer';

/**
 * Products of active farms within `radiusKm` of a point: by default nearest farm first, a few of
 * each farm's products per round (see `productSorts`); or cheapest first, or newest first.
 *
 * Two short queries rather than one join: the distance is worked out once per farm (a handful of rows,
 * found through the GiST index on `ll_to_earth(lat, lng)` with `earth_box`, whose corners
 * `earth_distance` then drops), not once per product row in the sort. On the embedded database that
 * sort was most of the cost of a page.
 */
export async function browseProducts(db: Db, options: BrowseProductsQuery): Promise<Product[]> {
  const nearby = await nearbyFarms(db, options);
  if (nearby.length === 0) return [];

  const farmIds = nearby.map((farm) => farm.id);
  const filters: (SQL | undefined)[] = [inArray(products.farmId, farmIds)];
  if (options.categorySlug) filters.push(eq(products.categorySlug, options.categorySlug));
  if (options.q) {
    const pattern = `%${options.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    filters.push(or(ilike(products.name, pattern), ilike(products.description, pattern)));
  }

  const farmOrder = sql`array_position(${sql.param(farmIds)}::uuid[], ${products.farmId})`;
  // What can be bought today leads each farm's list, newest listed first; sold-out and upcoming
  // products follow.
  const notForSale = sql`(${products.stock} = 0 or coalesce(${products.availableFrom} > current_date, false))`;
  const order = {
    nearest: [
      sql`(row_number() over (partition by ${products.farmId} order by ${notForSale}, ${products.createdAt} desc, ${products.id}) - 1) / ${sql.raw(String(PRODUCTS_PER_FARM_ROUND))}`,
      farmOrder,
      notForSale,
      desc(products.createdAt),
    ],
    price: [asc(products.priceCents), farmOrder],
    newest: [desc(products.createdAt), farmOrder],
  }[options.sort];

  const rows = await selectProducts(db)
    .where(and(...filters))
    .orderBy(...order, asc(products.id))
    .limit(options.limit)
    .offset(options.offset);

  const distanceKm = new Map(nearby.map((farm) => [farm.id, farm.distanceMetres / 1000]));
  return rows.map((row) =>
    toProductAnswer({ ...row, distanceKm: distanceKm.get(row.product.farmId) }),
  );
}

/** Active farms within the radius, nearest first, with their distance in metres. */
function nearbyFarms(db: Db, options: BrowseProductsQuery) {
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
