import { PRODUCTS_PER_FARM_ROUND, productAnswer } from '@furrow/domain/api/products';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { shownProducts } from '../../policy/scopes';
import { farms } from '../farms/farms.schema';
import type { ProductsChanged } from '../inventory';
import { farmsGeneration } from './nearby-farms-index';
import { toProductAnswer, withNames } from './product-answer';
import { products } from './products.schema';
import { compareUuids } from './uuid-order';

/**
 * Each farm's shown products, kept in memory for browse: read from the database for the farms a
 * browse needs (one query for all those missing), then served from here until a write changes what
 * browse shows of that farm. A farm is held whole while there is room under the bound, and
 * otherwise by its head: its first products in browse near's order, which is all the first page
 * of browse near takes of each farm. Past the bound, the catalogue is held by the heads of its
 * farms: browse near's first page stays in memory however large the catalogue.
 *
 * Every such write publishes `products.changed` in its transaction, and `forgetFarmProducts`, its
 * subscriber, runs there: it drops the farm's copy in this process at once and sends a PostgreSQL
 * notification, delivered when the write commits, on which every process drops its copy too (also
 * one read by this process between the write and its commit). A farm write (`farms.changed`:
 * rename, move, suspension, deletion, demo data) drops every copy, as the farm's name is in each
 * product's answer.
 */

/** Where other processes hear that some farms' products changed; the payload lists the farm ids. */
export const FARM_PRODUCTS_CHANGED_CHANNEL = 'farm_products_changed';

/**
 * A browse that would read more farms than this at once (cheapest or newest first over a wide
 * radius) asks the database instead: the read alone could pass the memory bound.
 */
const MAX_FARMS_READ_AT_ONCE = 200;

/**
 * By default at most this many products are held, whatever the catalogue's size
 * (`BROWSE_MEMORY_PRODUCTS`): about 700 bytes each (the answer's own JSON and the sort keys), so at
 * most about 140 MB of heap. A national catalogue of 100,000 products with a few very large farms
 * fits whole: with the bound at its size, the farms left out went to the database on every browse,
 * which the embedded database cannot serve at 50 connections. Farms are read whole only into room
 * (see `farmProducts`); past the bound (reads in flight together, heads) the least recently browsed
 * go first.
 */
const DEFAULT_MAX_PRODUCTS_HELD = 200_000;

/**
 * A farm held by its head holds this many products: the first two rounds of browse near's first
 * page, enough for a page of 60 from 10 farms or more (a city's surroundings). 20,000 farms' heads
 * (a catalogue of 1,000,000 products) take 120,000 products of room.
 */
const HEAD_SIZE = 2 * PRODUCTS_PER_FARM_ROUND;

// When the listening connection drops, it reopens and every copy is dropped (`listenForProductChanges`
// hears an empty payload), so a notification is lost only by a connection that died without a word
// until TCP's keepalive noticed. Against that, no copy serves longer than 10 to 20 minutes, a time
// drawn per copy so that the copies read together at start are not all read again at once. Reading
// again costs CPU (each answer is checked and serialized): at 1 to 2 minutes, the 20,000 farms of a
// national catalogue took a tenth of browse near's time.
const MIN_COPY_AGE_MS = 10 * 60_000;
const MAX_COPY_AGE_MS = 20 * 60_000;

// A notification's payload is at most 8,000 bytes: past this many farms it says "every farm".
const MAX_FARMS_NAMED = 150;

/** A shown product as browse orders and filters it, with its answer serialized once. */
export interface ShownProduct {
  id: string;
  categorySlug: string;
  priceCents: number;
  /** `created_at` in microseconds since 1970, as PostgreSQL orders it (a Date holds milliseconds). */
  createdAtMicros: number;
  stock: number;
  availableFrom: string | null;
  /**
   * The product's answer as JSON up to its `distanceKm` value (`{"id":…,"distanceKm":`), in parts:
   * those every product of the farm has alike (its farm and farmer ids, the farm and farmer and the
   * hidden flags) are one string shared by all of them, which halves the memory a product takes.
   */
  json: string[];
}

/** A farm's shown products, all of them, newest first (then by id): browse's order before the day is known. */
export interface WholeFarm {
  kind: 'whole';
  products: ShownProduct[];
  /** Browse's own orders for one day, worked out on first need (see `browse-memory.ts`). */
  byDay?: { day: string; nearest: ShownProduct[]; price: ShownProduct[] };
}

/** A farm with more than `HEAD_SIZE` shown products, held by its first ones. */
export interface FarmHead {
  kind: 'head';
  /** Its first `HEAD_SIZE` products in browse near's order on the copy's day (see `browseDay`). */
  nearest: ShownProduct[];
}

export type HeldFarm = WholeFarm | FarmHead;

interface Copy {
  farmsGeneration: number;
  generation: number;
  farmVersion: number;
  expiresAt: number;
  /** The day a head's order is for; none for a whole farm. */
  headDay?: string;
  farm: Promise<HeldFarm>;
  /** Known once read, for the memory bound. */
  size: number;
  /**
   * When it last served a browse, in the index's count of browses: past the bound, the least
   * recently browsed go first. A count, not the map's order: moving 20 of 20,000 entries to the
   * end on every browse kept rebuilding the map's table.
   */
  browsedAt: number;
}

interface Index {
  copies: Map<string, Copy>;
  /** Counts browses of copies, for `Copy.browsedAt`. */
  browses: number;
  held: number;
  maxProducts: number;
  /**
   * Whether every shown product fits under the bound, as last counted: when not, browse near reads
   * heads even where there is room, or the farms read whole first would fill it and the rest be read
   * again and again.
   */
  catalogueFits: boolean;
  countedAt: number;
  /** A start-up fill is running. */
  filling: boolean;
  /** When the copies out of date were last looked for, to make room. */
  sweptAt: number;
  timeZone?: Promise<string>;
}

/** Bumped when every farm's products must be read again (a notification naming no farm). */
let generation = 0;
/** Bumped per farm by each write to its products. */
const farmVersions = new Map<string, number>();
const indexes = new WeakMap<Db, Index>();

function dropFarms(farmIds: readonly string[] | null): void {
  if (farmIds === null) {
    generation++;
    return;
  }
  for (const farmId of farmIds) farmVersions.set(farmId, (farmVersions.get(farmId) ?? 0) + 1);
}

/**
 * What browse shows of these farms' products changed (`products.changed`; a farmer's farms when the
 * farmer is named, as their name is in each product's answer): this process drops its copies now,
 * other processes when `executor` commits.
 */
export async function forgetFarmProducts(
  executor: Executor,
  change: ProductsChanged,
): Promise<void> {
  const farmIds =
    'farmIds' in change
      ? change.farmIds
      : (
          await executor
            .select({ id: farms.id })
            .from(farms)
            .where(sql`${farms.farmerId} = ${change.farmerId}`)
        ).map((row) => row.id);
  const unique = [...new Set(farmIds)];
  if (unique.length === 0) return;
  dropFarms(unique);
  const payload = unique.length > MAX_FARMS_NAMED ? '' : unique.join(',');
  await executor.execute(sql`select pg_notify(${FARM_PRODUCTS_CHANGED_CHANNEL}, ${payload})`);
}

/**
 * Drops this process's copies of the farms any process says changed. Resolves to the function that
 * stops.
 */
export function listenForProductChanges(
  database: Pick<Database, 'listen'>,
): Promise<() => Promise<void>> {
  return database.listen(FARM_PRODUCTS_CHANGED_CHANNEL, (payload) => {
    dropFarms(payload ? payload.split(',') : null);
  });
}

function indexOf(db: Db): Index {
  let index = indexes.get(db);
  if (!index) {
    index = {
      copies: new Map(),
      browses: 0,
      held: 0,
      maxProducts: DEFAULT_MAX_PRODUCTS_HELD,
      catalogueFits: true,
      countedAt: Date.now(),
      filling: false,
      sweptAt: 0,
    };
    indexes.set(db, index);
  }
  return index;
}

function isCurrent(copy: Copy, farmId: string, now: number): boolean {
  return (
    copy.farmsGeneration === farmsGeneration() &&
    copy.generation === generation &&
    copy.farmVersion === (farmVersions.get(farmId) ?? 0) &&
    now < copy.expiresAt
  );
}

/** Sets how many products browse may hold in memory for `db` (`BROWSE_MEMORY_PRODUCTS`). */
export function holdShownProducts(db: Db, maxProducts: number): void {
  const index = indexOf(db);
  index.maxProducts = maxProducts;
  index.countedAt = 0;
  keepWithinBound(index);
}

interface Wanted {
  /** Heads will do, in browse near's order on this day (`browseDay`). */
  headsOn?: string;
}

// The catalogue is counted again this often, when farms are read.
const COUNT_EVERY_MS = 10 * 60_000;

/**
 * The shown products of each of `farmIds` (in that order), from memory, reading those missing or
 * out of date in one query; or null when they cannot be held now (the caller asks the database).
 * Whole farms unless heads will do (`headsOn`).
 *
 * Reading a whole farm costs more than a browse from the database (every product's answer is
 * checked and serialized), which is worth it only when the copy then serves many browses. So whole
 * farms are read only while there is room under the bound: when the catalogue is larger than the
 * bound, the copies held serve the browses they can, and room comes free as copies expire or are
 * dropped by a write; a full memory never turns every browse into reads that would throw each
 * other's copies out. A head is a few products and a farm's only one: heads are read whenever they
 * will do and there is no room, or the catalogue is larger than the bound, the least recently
 * browsed copies making room.
 */
export async function farmProducts(db: Db, farmIds: readonly string[]): Promise<WholeFarm[] | null>;
export async function farmProducts(
  db: Db,
  farmIds: readonly string[],
  wanted: Wanted,
): Promise<HeldFarm[] | null>;
export async function farmProducts(
  db: Db,
  farmIds: readonly string[],
  wanted: Wanted = {},
): Promise<HeldFarm[] | null> {
  const index = indexOf(db);
  const now = Date.now();
  const missing: string[] = [];
  const found: (Promise<HeldFarm> | undefined)[] = farmIds.map((farmId) => {
    const copy = index.copies.get(farmId);
    if (copy && !isCurrent(copy, farmId, now)) dropCopy(index, farmId, copy);
    else if (copy && (copy.headDay === undefined || copy.headDay === wanted.headsOn)) {
      copy.browsedAt = ++index.browses;
      return copy.farm;
    }
    missing.push(farmId);
    return undefined;
  });
  if (missing.length > 0) {
    if (missing.length > MAX_FARMS_READ_AT_ONCE) return null;
    if (now - index.countedAt > COUNT_EVERY_MS) {
      // A failed count keeps the last answer until the next.
      countCatalogue(db, index).catch(() => {});
    }
    const heads = wanted.headsOn !== undefined && !index.catalogueFits;
    const whole = !heads && hasRoom(index, now, missing.length);
    if (!whole && wanted.headsOn === undefined) return null;
    const headDay = whole ? undefined : wanted.headsOn;
    const read =
      headDay === undefined ? readWholeFarms(db, missing) : readFarmHeads(db, missing, headDay);
    for (const farmId of missing) {
      const old = index.copies.get(farmId);
      if (old) dropCopy(index, farmId, old);
      const copy: Copy = {
        farmsGeneration: farmsGeneration(),
        generation,
        farmVersion: farmVersions.get(farmId) ?? 0,
        expiresAt: now + MIN_COPY_AGE_MS + Math.random() * (MAX_COPY_AGE_MS - MIN_COPY_AGE_MS),
        headDay,
        farm: read.then((farms) => farms.get(farmId) ?? { kind: 'whole', products: [] }),
        size: 0,
        browsedAt: ++index.browses,
      };
      index.copies.set(farmId, copy);
      copy.farm.then(
        (farm) => {
          if (index.copies.get(farmId) !== copy) return;
          // A farm with no more products than a head holds was read whole.
          if (farm.kind === 'whole') copy.headDay = undefined;
          copy.size = farm.kind === 'whole' ? farm.products.length : farm.nearest.length;
          index.held += copy.size;
          keepWithinBound(index);
        },
        // A failed read is not kept: the next browse tries again.
        () => {
          if (index.copies.get(farmId) === copy) index.copies.delete(farmId);
        },
      );
    }
  }
  return Promise.all(
    farmIds.map((farmId, i) => found[i] ?? (index.copies.get(farmId)?.farm as Promise<HeldFarm>)),
  );
}

/** Farms a fill reads per query: a few thousand products, so that browses wait little between. */
const FARMS_PER_FILL_READ = 50;

/**
 * Reads the active farms' products into memory, a group of farms at a time, while they fit under
 * the bound; resolves to the number of farms read and of products then held. Run once the server
 * listens: otherwise the first browses of every area wait on their farms' reads, which on the
 * embedded database (one query at a time, in the server's own thread) took longer than a shopper's
 * first minute at 100,000 products. A catalogue larger than the bound is read by the heads of its
 * farms, as many as fit.
 */
export async function fillFarmProducts(db: Db): Promise<{ farms: number; products: number }> {
  const index = indexOf(db);
  index.filling = true;
  try {
    const farms = await fill(db, index);
    return { farms, products: index.held };
  } finally {
    index.filling = false;
  }
}

/** Whether the start-up fill of `db`'s copies is running (`fillFarmProducts`). */
export function isFilling(db: Db): boolean {
  return indexOf(db).filling;
}

async function fill(db: Db, index: Index): Promise<number> {
  const active = await db.select({ id: farms.id }).from(farms).where(eq(farms.status, 'active'));
  await countCatalogue(db, index);
  const heads = !index.catalogueFits;
  const wanted: Wanted = heads ? { headsOn: await browseDay(db) } : {};
  const farmsToRead = heads
    ? Math.min(active.length, Math.floor(index.maxProducts / HEAD_SIZE))
    : active.length;
  let read = 0;
  while (read < farmsToRead) {
    const group = active
      .slice(read, Math.min(read + FARMS_PER_FILL_READ, farmsToRead))
      .map((farm) => farm.id);
    if (!(await farmProducts(db, group, wanted))) break;
    read += group.length;
  }
  return read;
}

/** Counts the shown products (of every farm: near enough) to tell whether the catalogue fits. */
async function countCatalogue(db: Db, index: Index): Promise<void> {
  index.countedAt = Date.now();
  const [shown] = await db.select({ products: count() }).from(products).where(shownProducts());
  index.catalogueFits = (shown?.products ?? 0) <= index.maxProducts;
}

function dropCopy(index: Index, farmId: string, copy: Copy): void {
  index.copies.delete(farmId);
  index.held -= copy.size;
}

/**
 * Whether `farms` more whole farms may be read: the products they likely hold (as many as the farms
 * held hold on average, at least one) fit under the bound, once the copies out of date have been dropped (looked for
 * at most once a second; otherwise they are dropped as met). Reading only into room, not dropping
 * the least recently browsed to make it, keeps a catalogue larger than the bound from being read
 * again and again.
 */
function hasRoom(index: Index, now: number, farms: number): boolean {
  const fits = () =>
    index.held + farms * Math.max(1, index.copies.size > 0 ? index.held / index.copies.size : 0) <=
    index.maxProducts;
  if (fits()) return true;
  if (now - index.sweptAt < 1_000) return false;
  index.sweptAt = now;
  for (const [farmId, copy] of index.copies) {
    if (!isCurrent(copy, farmId, now)) dropCopy(index, farmId, copy);
  }
  return fits();
}

/** Past the bound, copies are dropped down to this share of it, so that the sort is rare. */
const KEPT_PAST_BOUND = 0.9;

function keepWithinBound(index: Index): void {
  if (index.held <= index.maxProducts) return;
  const leastRecentFirst = [...index.copies].sort(([, a], [, b]) => a.browsedAt - b.browsedAt);
  for (const [farmId, copy] of leastRecentFirst) {
    if (index.held <= index.maxProducts * KEPT_PAST_BOUND) return;
    dropCopy(index, farmId, copy);
  }
}

/** The database's `TimeZone`, in which `current_date` (and so "upcoming") is reckoned. */
export function databaseTimeZone(db: Db): Promise<string> {
  const index = indexOf(db);
  if (!index.timeZone) {
    const read = db
      .execute(sql`select current_setting('TimeZone') as zone`)
      .then((result) => (result as unknown as { rows: { zone: string }[] }).rows[0]?.zone ?? 'UTC');
    read.catch(() => {
      if (index.timeZone === read) index.timeZone = undefined;
    });
    index.timeZone = read;
  }
  return index.timeZone;
}

/** `current_date` in the database's time zone, as `YYYY-MM-DD`: the day browse orders for. */
export async function browseDay(db: Db): Promise<string> {
  return today(await databaseTimeZone(db));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
// The day as last worked out, per time zone: formatting a date took a few per cent of a browse.
const daysSeen = new Map<string, { day: string; until: number }>();

function today(timeZone: string): string {
  const now = Date.now();
  const seen = daysSeen.get(timeZone);
  if (seen && now < seen.until) return seen.day;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const day = format.format(new Date(now));
  // Kept to the end of this second: the day turns on a second in every time zone.
  daysSeen.set(timeZone, { day, until: now - (now % 1000) + 1000 });
  return day;
}

// PostgreSQL orders by microseconds; a Date holds milliseconds.
const createdAtMicros =
  sql<number>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint`.mapWith(Number);

type ProductRow = { product: typeof products.$inferSelect; createdAtMicros: number };

async function readWholeFarms(db: Db, farmIds: string[]): Promise<Map<string, HeldFarm>> {
  const rows = await db
    .select({ product: products, createdAtMicros })
    .from(products)
    .where(and(inArray(products.farmId, farmIds), shownProducts()))
    .orderBy(asc(products.farmId), desc(products.createdAt), asc(products.id));
  const shown = await shownProductsOf(db, rows);
  const held = new Map<string, HeldFarm>();
  for (const [farmId, list] of shown) held.set(farmId, { kind: 'whole', products: list });
  return held;
}

/**
 * The heads of `farmIds` on `day`: each farm's first `HEAD_SIZE` products in browse near's order
 * (what can be bought that day first, then newest), and one more to tell a farm that has more.
 */
async function readFarmHeads(
  db: Db,
  farmIds: string[],
  day: string,
): Promise<Map<string, HeldFarm>> {
  const notForSale = sql`(${products.stock} = 0 or coalesce(${products.availableFrom} > ${day}::date, false))`;
  const ranked = db
    .select({
      id: products.id,
      place:
        sql<number>`row_number() over (partition by ${products.farmId} order by ${notForSale}, ${products.createdAt} desc, ${products.id})`.as(
          'place',
        ),
    })
    .from(products)
    .where(and(inArray(products.farmId, farmIds), shownProducts()))
    .as('ranked');
  const rows = await db
    .select({ product: products, createdAtMicros })
    .from(products)
    .where(
      inArray(
        products.id,
        db
          .select({ id: ranked.id })
          .from(ranked)
          .where(lte(ranked.place, HEAD_SIZE + 1)),
      ),
    )
    .orderBy(asc(products.farmId), notForSale, desc(products.createdAt), asc(products.id));
  const shown = await shownProductsOf(db, rows, { joined: true });
  const held = new Map<string, HeldFarm>();
  for (const [farmId, list] of shown) {
    held.set(
      farmId,
      list.length > HEAD_SIZE
        ? { kind: 'head', nearest: list.slice(0, HEAD_SIZE) }
        : {
            kind: 'whole',
            products: list.sort(
              (a, b) => b.createdAtMicros - a.createdAtMicros || compareUuids(a.id, b.id),
            ),
          },
    );
  }
  return held;
}

/**
 * The rows as each farm's shown products, in their order, with their answers (`withNames`). A
 * head's answers are `joined` into one string each: sharing a farm's parts saves little over six
 * products, and browse near at 1,000,000 products, which reads heads only, spent a seventh of its
 * time more on joining four strings a product than one.
 */
async function shownProductsOf(
  db: Db,
  rows: ProductRow[],
  { joined = false } = {},
): Promise<Map<string, ShownProduct[]>> {
  const lists = new Map<string, ShownProduct[]>();
  const shared = new Map<string, string>();
  for (const row of await withNames(db, rows)) {
    const { product } = row;
    let list = lists.get(product.farmId);
    if (!list) {
      list = [];
      lists.set(product.farmId, list);
    }
    list.push({
      id: product.id,
      categorySlug: sharedCopy(shared, product.categorySlug),
      priceCents: product.priceCents,
      createdAtMicros: row.createdAtMicros,
      stock: product.stock,
      availableFrom: product.availableFrom,
      json: joined ? [answerParts(row, shared).join('')] : answerParts(row, shared),
    });
  }
  return lists;
}

const DISTANCE_TAIL = 'null}';

/**
 * The product's answer checked against the API's schema once, as it enters memory, and serialized
 * as the route's serializer would, up to the distance that each browse appends; cut where the parts
 * alike for a farm's products begin and end (`shared` keeps one copy of each).
 */
function answerParts(
  row: Parameters<typeof toProductAnswer>[0],
  shared: Map<string, string>,
): string[] {
  const json = JSON.stringify(productAnswer.encode(toProductAnswer({ ...row, distanceKm: null })));
  if (!json.endsWith(`"distanceKm":${DISTANCE_TAIL}`)) {
    throw new Error('a product answer must end with its distanceKm');
  }
  const head = json.slice(0, -DISTANCE_TAIL.length);
  const farmIdsAt = head.indexOf(',"farmId":');
  const nameAt = head.indexOf(',"name":');
  const farmerAt = head.indexOf(',"farmer":');
  if (!(farmIdsAt > 0 && nameAt > farmIdsAt && farmerAt > nameAt)) return [ownCopy(head)];
  return [
    ownCopy(head.slice(0, farmIdsAt)),
    sharedCopy(shared, head.slice(farmIdsAt, nameAt)),
    ownCopy(head.slice(nameAt, farmerAt)),
    sharedCopy(shared, head.slice(farmerAt)),
  ];
}

function sharedCopy(shared: Map<string, string>, part: string): string {
  let copy = shared.get(part);
  if (copy === undefined) {
    copy = ownCopy(part);
    shared.set(copy, copy);
  }
  return copy;
}

/**
 * A string of its own: a slice of a longer string keeps all of it alive in V8, and the part of an
 * answer that is kept is much shorter than the answer.
 */
function ownCopy(part: string): string {
  // Joining flattens into a new string; the slice of it then keeps one character more than the part.
  return ` ${part}`.slice(1);
}
