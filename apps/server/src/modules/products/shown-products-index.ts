import { productAnswer } from '@furrow/domain/api/products';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { farms, products, users } from '../../db/schema';
import type { Executor } from '../../db/transaction';
import { shownProducts } from '../../policy/scopes';
import { farmsGeneration } from './nearby-farms-index';
import { productColumns, toProductAnswer } from './product-answer';

/**
 * Each farm's shown products, kept in memory for browse: read from the database for the farms a
 * browse needs (one query for all those missing), then served from here until a write changes what
 * browse shows of that farm.
 *
 * Every such write calls `farmProductsChanged` (or `farmerProductsChanged`) in
 * its own code path and transaction: it drops the farm's copy in this process at once and sends a
 * PostgreSQL notification, delivered when the write commits, on which every process drops its copy
 * too (also one read by this process between the write and its commit). A farm write (`farmsChanged`:
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
 * At most this many products are held, whatever the catalogue's size: about 700 bytes each (the
 * answer's own JSON and the sort keys), so at most about 140 MB of heap. A national catalogue of
 * 100,000 products with a few very large farms fits whole: with the bound at its size, the farms left
 * out went to the database on every browse, which the embedded database cannot serve at 50
 * connections. Farms are read only into room (see `farmProducts`); past the bound (reads in flight
 * together) the least recently browsed go first.
 */
const MAX_PRODUCTS_HELD = 200_000;

// A notification can be lost (the listening connection dropped): no copy serves longer than 1 to 2
// minutes, a time drawn per copy so that the copies read together at start are not all read again
// at once. Reading every product again costs CPU (each answer is checked and serialized), so this
// is longer than the farms' 30 s.
const MIN_COPY_AGE_MS = 60_000;
const MAX_COPY_AGE_MS = 120_000;

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

/** A farm's shown products, newest first (then by id): browse's order before the day is known. */
export interface FarmProducts {
  products: ShownProduct[];
  /** Browse's own orders for one day, worked out on first need (see `browse-memory.ts`). */
  byDay?: { day: string; nearest: ShownProduct[]; price: ShownProduct[] };
}

interface Copy {
  farmsGeneration: number;
  generation: number;
  farmVersion: number;
  expiresAt: number;
  products: Promise<FarmProducts>;
  /** Known once read, for the memory bound. */
  size: number;
}

interface Index {
  /** Insertion order is recency: a farm browsed is moved to the end. */
  copies: Map<string, Copy>;
  held: number;
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
 * Says that what browse shows of these farms' products changed: to this process now, to other
 * processes when `executor` commits.
 */
export async function farmProductsChanged(
  executor: Executor,
  farmIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(farmIds)];
  if (unique.length === 0) return;
  dropFarms(unique);
  const payload = unique.length > MAX_FARMS_NAMED ? '' : unique.join(',');
  await executor.execute(sql`select pg_notify(${FARM_PRODUCTS_CHANGED_CHANNEL}, ${payload})`);
}

/** `farmProductsChanged` for a farmer's farms: their name is in each product's answer. */
export async function farmerProductsChanged(executor: Executor, farmerId: string): Promise<void> {
  const rows = await executor
    .select({ id: farms.id })
    .from(farms)
    .where(sql`${farms.farmerId} = ${farmerId}`);
  await farmProductsChanged(
    executor,
    rows.map((row) => row.id),
  );
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
    index = { copies: new Map(), held: 0, sweptAt: 0 };
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

/**
 * The shown products of each of `farmIds` (in that order), from memory, reading those missing or
 * out of date in one query; or null when they cannot be held now (the caller asks the database).
 *
 * Reading a farm costs more than a browse from the database (every product's answer is checked and
 * serialized), which is worth it only when the copy then serves many browses. So farms are read only
 * while there is room under the bound: when the catalogue is larger than the bound, the copies held
 * serve the browses they can, and room comes free as copies expire or are dropped by a write; a full
 * memory never turns every browse into reads that would throw each other's copies out.
 */
export async function farmProducts(
  db: Db,
  farmIds: readonly string[],
): Promise<FarmProducts[] | null> {
  const index = indexOf(db);
  const now = Date.now();
  const missing: string[] = [];
  const found: (Promise<FarmProducts> | undefined)[] = farmIds.map((farmId) => {
    const copy = index.copies.get(farmId);
    if (!copy || !isCurrent(copy, farmId, now)) {
      if (copy) dropCopy(index, farmId, copy);
      missing.push(farmId);
      return undefined;
    }
    // Most recently browsed last: the first ones are dropped when the bound is passed.
    index.copies.delete(farmId);
    index.copies.set(farmId, copy);
    return copy.products;
  });
  if (missing.length > 0) {
    if (missing.length > MAX_FARMS_READ_AT_ONCE || !hasRoom(index, now, missing.length)) {
      return null;
    }
    const read = readFarms(db, missing);
    for (const farmId of missing) {
      const copy: Copy = {
        farmsGeneration: farmsGeneration(),
        generation,
        farmVersion: farmVersions.get(farmId) ?? 0,
        expiresAt: now + MIN_COPY_AGE_MS + Math.random() * (MAX_COPY_AGE_MS - MIN_COPY_AGE_MS),
        products: read.then((lists) => lists.get(farmId) ?? { products: [] }),
        size: 0,
      };
      index.copies.set(farmId, copy);
      copy.products.then(
        (list) => {
          if (index.copies.get(farmId) !== copy) return;
          copy.size = list.products.length;
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
    farmIds.map(
      (farmId, i) => found[i] ?? (index.copies.get(farmId)?.products as Promise<FarmProducts>),
    ),
  );
}

/** Farms a fill reads per query: a few thousand products, so that browses wait little between. */
const FARMS_PER_FILL_READ = 50;

/**
 * Reads the active farms' products into memory, a group of farms at a time, while they fit under
 * the bound; resolves to the number of farms read. Run once the server listens: otherwise the first
 * browses of every area wait on their farms' reads, which on the embedded database (one query at a
 * time, in the server's own thread) took longer than a shopper's first minute at 100,000 products.
 */
export async function fillFarmProducts(db: Db): Promise<number> {
  const active = await db.select({ id: farms.id }).from(farms).where(eq(farms.status, 'active'));
  let read = 0;
  for (let start = 0; start < active.length; start += FARMS_PER_FILL_READ) {
    const group = active.slice(start, start + FARMS_PER_FILL_READ).map((farm) => farm.id);
    if (!(await farmProducts(db, group))) break;
    read += group.length;
  }
  return read;
}

function dropCopy(index: Index, farmId: string, copy: Copy): void {
  index.copies.delete(farmId);
  index.held -= copy.size;
}

/**
 * Whether `farms` more farms may be read: the products they likely hold (as many as the farms held
 * hold on average) fit under the bound, once the copies out of date have been dropped (looked for
 * at most once a second; otherwise they are dropped as met). Reading only into room, not dropping
 * the least recently browsed to make it, keeps a catalogue larger than the bound from being read
 * again and again.
 */
function hasRoom(index: Index, now: number, farms: number): boolean {
  const fits = () =>
    index.held + farms * (index.copies.size > 0 ? index.held / index.copies.size : 0) <=
    MAX_PRODUCTS_HELD;
  if (fits()) return true;
  if (now - index.sweptAt < 1_000) return false;
  index.sweptAt = now;
  for (const [farmId, copy] of index.copies) {
    if (!isCurrent(copy, farmId, now)) dropCopy(index, farmId, copy);
  }
  return fits();
}

function keepWithinBound(index: Index): void {
  for (const [farmId, copy] of index.copies) {
    if (index.held <= MAX_PRODUCTS_HELD) return;
    index.copies.delete(farmId);
    index.held -= copy.size;
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

async function readFarms(db: Db, farmIds: string[]): Promise<Map<string, FarmProducts>> {
  const rows = await db
    .select({
      ...productColumns,
      // PostgreSQL orders by microseconds; a Date holds milliseconds.
      createdAtMicros:
        sql<number>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint`.mapWith(Number),
    })
    .from(products)
    .innerJoin(farms, sql`${farms.id} = ${products.farmId}`)
    .innerJoin(users, sql`${users.id} = ${products.farmerId}`)
    .where(and(inArray(products.farmId, farmIds), shownProducts()))
    .orderBy(asc(products.farmId), desc(products.createdAt), asc(products.id));
  const lists = new Map<string, FarmProducts>();
  const shared = new Map<string, string>();
  for (const row of rows) {
    const { product } = row;
    let list = lists.get(product.farmId);
    if (!list) {
      list = { products: [] };
      lists.set(product.farmId, list);
    }
    list.products.push({
      id: product.id,
      categorySlug: sharedCopy(shared, product.categorySlug),
      priceCents: product.priceCents,
      createdAtMicros: row.createdAtMicros,
      stock: product.stock,
      availableFrom: product.availableFrom,
      json: answerParts(row, shared),
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
