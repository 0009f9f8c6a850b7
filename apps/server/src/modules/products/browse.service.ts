import {
  type BrowseProductsQuery,
  PRODUCTS_PER_FARM_ROUND,
  type Product,
} from '@furrow/domain/api/products';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shownProducts } from '../../policy/scopes';
import { earthPoint, farmDistanceMetres, farmEarthPoint } from '../farms';
import { farms } from '../farms/farms.schema';
import { type NearbyFarm, nearbyFarmsFromMemory } from './nearby-farms-index';
import { toProductAnswer, withNames } from './product-answer';
import { products } from './products.schema';

/** Farms whose products the first query of a page reads; each later query reads twice as many. */
const FIRST_GROUP_OF_FARMS = 4;

/**
 * Products of active farms within `radiusKm` of a point: by default nearest farm first, a few of
 * each farm's products per round (see `productSorts`); or cheapest first, or newest first.
 *
 * The farms first, then their products: the distance is worked out once per farm (from the copy of
 * the active farms kept in memory, `nearby-farms-index.ts`), not once per product row in the sort.
 * On the embedded database that sort was most of the cost of a page.
 *
 * Browse answers from memory (`browse-memory.ts`), which must give exactly this; the database
 * answers a browse with a search text, and one whose farms cannot be held in memory now.
 */
export async function browseProducts(db: Db, options: BrowseProductsQuery): Promise<Product[]> {
  const nearby = await nearbyFarmsFromMemory(db, options);
  if (nearby.count === 0) return [];

  const filters = productFilters(options);
  const wanted = options.offset + options.limit;

  // Nearest first, the page is read from a growing group of the nearest farms until it cannot
  // change: its cost follows the products of those farms, not every product in the radius
  // (thousands around a big city). Cheapest or newest first looks at every farm in the radius, and
  // so does a search text the trigram indexes can look up: they find the few products that match
  // among them in one query, where a growing group took up to six, each filtering every product
  // of its farms. A text without a trigram matches too much for the indexes to help.
  let rows: Awaited<ReturnType<typeof productPage>> = [];
  let group: NearbyFarm[] = [];
  let groupSize = hasTrigram(options.q)
    ? nearby.count
    : Math.max(FIRST_GROUP_OF_FARMS, Math.ceil(wanted / PRODUCTS_PER_FARM_ROUND));
  for (;;) {
    group = nearby.nearest(options.sort === 'nearest' ? groupSize : nearby.count);
    const farmIds = group.map((farm) => farm.id);
    rows = await productPage(db, farmIds, filters, wanted, options.sort);
    if (group.length === nearby.count || settledByNearestFarms(rows, wanted)) break;
    groupSize *= 2;
  }

  const distanceKm = new Map(group.map((farm) => [farm.id, farm.distanceMetres / 1000]));
  return (await withNames(db, rows.slice(options.offset, wanted))).map((row) =>
    toProductAnswer({ ...row, distanceKm: distanceKm.get(row.product.farmId) }),
  );
}

/**
 * Whether the trigram indexes can narrow a search for `q`: pg_trgm looks up the trigrams of each
 * word of three letters or digits or more, and a pattern without one reads the whole index.
 */
function hasTrigram(q: string | undefined): boolean {
  return q !== undefined && /[\p{L}\p{N}]{3}/u.test(q);
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

/**
 * Up to `limit` matching products of `farmIds` (nearest first) in the order `sort` asks: for
 * `nearest`, round after round of `PRODUCTS_PER_FARM_ROUND` products of each farm, what can be
 * bought today first and newest listed first within a farm; or cheapest first (what can be bought
 * today before what is sold out or upcoming), or newest first.
 */
export function productPage(
  db: Db,
  farmIds: string[],
  filters: (SQL | undefined)[],
  limit: number,
  sort: BrowseProductsQuery['sort'] = 'nearest',
) {
  const farmOrder = sql`array_position(${sql.param(farmIds)}::uuid[], ${products.farmId})`;
  const notForSale = sql`(${products.stock} = 0 or coalesce(${products.availableFrom} > current_date, false))`;
  const order = {
    nearest: [
      sql`(row_number() over (partition by ${products.farmId} order by ${notForSale}, ${products.createdAt} desc, ${products.id}) - 1) / ${sql.raw(String(PRODUCTS_PER_FARM_ROUND))}`,
      farmOrder,
      notForSale,
      desc(products.createdAt),
    ],
    // What can be bought now comes first here too: a cheap sold-out jar is no help to a shopper.
    price: [notForSale, asc(products.priceCents), farmOrder],
    newest: [desc(products.createdAt), farmOrder],
  }[sort];
  // The names are read for the page alone (`withNames`), not joined over every product it sorts.
  return db
    .select({ product: products })
    .from(products)
    .where(and(inArray(products.farmId, farmIds), ...filters))
    .orderBy(...order, asc(products.id))
    .limit(limit);
}

/**
 * Whether a page read from the nearest farms alone is the page all farms would give: it is full
 * and still in the first round (no farm gave more than one round's products), so every farm further
 * away could only come after it.
 */
function settledByNearestFarms(rows: { product: { farmId: string } }[], wanted: number): boolean {
  if (rows.length < wanted) return false;
  const perFarm = new Map<string, number>();
  for (const { product } of rows)
    perFarm.set(product.farmId, (perFarm.get(product.farmId) ?? 0) + 1);
  return [...perFarm.values()].every((count) => count <= PRODUCTS_PER_FARM_ROUND);
}

/**
 * Active farms within the radius, nearest first, with their distance in metres, from the database:
 * found through the GiST index on `ll_to_earth(lat, lng)` with `earth_box`, whose corners
 * `earth_distance` then drops. Browse reads them from memory; this is what that copy must equal.
 */
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
