import type { BrowseProductsQuery, Product } from '@furrow/domain/api/products';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farms, products } from '../../db/schema';
import { selectProducts, toProductAnswer } from './product-answer';

/**
 * Products of active farms within `radiusKm` of a point, nearest first.
 * `earth_box` lets the GiST index on `ll_to_earth(lat, lng)` narrow the farms; `earth_distance` then
 * drops the corners of the box and gives the distance to sort by.
 */
export async function browseProducts(db: Db, options: BrowseProductsQuery): Promise<Product[]> {
  const here = sql`ll_to_earth(${options.lat}, ${options.long})`;
  const farmPoint = sql`ll_to_earth(${farms.lat}, ${farms.lng})`;
  const radiusMetres = options.radiusKm * 1000;
  const distanceMetres = sql<number>`earth_distance(${farmPoint}, ${here})`;

  const filters: (SQL | undefined)[] = [
    eq(farms.status, 'active'),
    sql`earth_box(${here}, ${radiusMetres}) @> ${farmPoint}`,
    sql`${distanceMetres} <= ${radiusMetres}`,
  ];
  if (options.categorySlug) filters.push(eq(products.categorySlug, options.categorySlug));
  if (options.q) {
    const pattern = `%${options.q.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    filters.push(or(ilike(products.name, pattern), ilike(products.description, pattern)));
  }

  const rows = await selectProducts(db, distanceMetres)
    .where(and(...filters))
    .orderBy(asc(distanceMetres), asc(products.name), asc(products.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((row) => toProductAnswer(row));
}
