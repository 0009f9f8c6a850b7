import type { BrowseProductsQuery } from '@furrow/domain/api/products';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { farms } from '../../db/schema';
import type { Executor } from '../../db/transaction';
import { buildFarmGrid, type FarmGrid, farmsAround } from './farm-grid';

/**
 * Active farms near a point, from memory: browse asked the database for them on every request.
 * There are tens of thousands of farms at national scale; filed in a grid (`farm-grid.ts`), a
 * browse measures the distance of the few hundred around its point only.
 *
 * The copy is dropped whenever a farm is created, moved, suspended or reinstated, or deleted: the
 * write calls `farmsChanged` in its own code path, which drops every copy in this process at once
 * and, through a PostgreSQL notification sent when the write commits, those of other processes.
 * The next browse reads the farms again.
 */

/** Where other processes hear that the farms changed. */
export const FARMS_CHANGED_CHANNEL = 'farms_changed';

// The earthdistance extension's `earth()` and PostgreSQL's `radians()` factor (its constant
// 0.0174532925199432957692 is this very double), worked out in the same order: the distances here
// are those `earth_distance(ll_to_earth(...), ll_to_earth(...))` gives, so that the farms in a
// radius, their order and the distances shown stay what SQL answered.
const EARTH_RADIUS_METRES = 6378168;
const RADIANS_PER_DEGREE = Math.PI / 180;

interface FarmPoint {
  id: string;
  lat: number;
  long: number;
  x: number;
  y: number;
  z: number;
}

interface Copy {
  generation: number;
  readAt: number;
  farms: Promise<FarmGrid<FarmPoint>>;
}

// A notification can be lost (the listening connection dropped): no copy serves longer than this.
const MAX_COPY_AGE_MS = 30_000;

/** Bumped by every farm write; a copy read under an older generation is read again. */
let generation = 0;
const copies = new WeakMap<Db, Copy>();

/** Moves on every farm write: copies of what depends on the farms are read again. */
export function farmsGeneration(): number {
  return generation;
}

/** Says that farms changed: to this process now, to other processes when `executor` commits. */
export async function farmsChanged(executor: Executor): Promise<void> {
  generation++;
  await executor.execute(sql`select pg_notify(${FARMS_CHANGED_CHANNEL}, '')`);
}

/**
 * Drops this process's copies whenever any process says farms changed, including a copy read
 * while a write of this process had not yet committed. Resolves to the function that stops.
 */
export function listenForFarmChanges(
  database: Pick<Database, 'listen'>,
): Promise<() => Promise<void>> {
  return database.listen(FARMS_CHANGED_CHANNEL, () => {
    generation++;
  });
}

export interface NearbyFarm {
  id: string;
  distanceMetres: number;
}

/** The active farms within a radius of a point. */
export interface NearbyFarms {
  count: number;
  /** The nearest `n` (all of them past their count), nearest first then by id. */
  nearest(n: number): NearbyFarm[];
}

/**
 * Active farms within the radius, with their distance in metres. Around a big city there are a
 * thousand or more, of which browse near's first page needs the nearest twenty: `nearest(n)` picks
 * them without sorting the rest, which was the largest cost of a browse from memory at 1,000,000
 * products.
 */
export async function nearbyFarmsFromMemory(
  db: Db,
  options: Pick<BrowseProductsQuery, 'lat' | 'long' | 'radiusKm'>,
): Promise<NearbyFarms> {
  const radiusMetres = options.radiusKm * 1000;
  const point = earthPoint(options.lat, options.long);
  const found: NearbyFarm[] = [];
  const grid = await activeFarms(db);
  for (const farm of farmsAround(grid, options, radiusMetres, EARTH_RADIUS_METRES)) {
    const distanceMetres = earthDistance(farm, point);
    if (distanceMetres <= radiusMetres) found.push({ id: farm.id, distanceMetres });
  }
  let sorted = false;
  return {
    count: found.length,
    nearest(n) {
      if (n < found.length && !sorted) return nearestOf(found, n);
      if (!sorted) found.sort(compareNearby);
      sorted = true;
      return found.slice(0, n);
    },
  };
}

const compareNearby = (a: NearbyFarm, b: NearbyFarm) =>
  a.distanceMetres - b.distanceMetres || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The `n` first of `farms` in `compareNearby`'s order: a heap of the n best seen so far. */
function nearestOf(farms: NearbyFarm[], n: number): NearbyFarm[] {
  // A max-heap: its root is the farthest of the n kept, the one a nearer farm replaces.
  const heap: NearbyFarm[] = [];
  const siftDown = (start: number) => {
    for (let i = start; ; ) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (
        left < heap.length &&
        compareNearby(heap[left] as NearbyFarm, heap[largest] as NearbyFarm) > 0
      )
        largest = left;
      if (
        right < heap.length &&
        compareNearby(heap[right] as NearbyFarm, heap[largest] as NearbyFarm) > 0
      )
        largest = right;
      if (largest === i) return;
      [heap[i], heap[largest]] = [heap[largest] as NearbyFarm, heap[i] as NearbyFarm];
      i = largest;
    }
  };
  for (const farm of farms) {
    if (heap.length < n) {
      heap.push(farm);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (compareNearby(heap[i] as NearbyFarm, heap[parent] as NearbyFarm) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent] as NearbyFarm, heap[i] as NearbyFarm];
        i = parent;
      }
    } else if (n > 0 && compareNearby(farm, heap[0] as NearbyFarm) < 0) {
      heap[0] = farm;
      siftDown(0);
    }
  }
  return heap.sort(compareNearby);
}

function activeFarms(db: Db): Promise<FarmGrid<FarmPoint>> {
  const copy = copies.get(db);
  if (copy && copy.generation === generation && Date.now() - copy.readAt < MAX_COPY_AGE_MS) {
    return copy.farms;
  }
  const fresh: Copy = { generation, readAt: Date.now(), farms: readActiveFarms(db) };
  copies.set(db, fresh);
  // A failed read is not kept: the next browse tries again.
  fresh.farms.catch(() => {
    if (copies.get(db) === fresh) copies.delete(db);
  });
  return fresh.farms;
}

async function readActiveFarms(db: Db): Promise<FarmGrid<FarmPoint>> {
  const rows = await db
    .select({ id: farms.id, lat: farms.lat, lng: farms.lng })
    .from(farms)
    .where(eq(farms.status, 'active'));
  return buildFarmGrid(
    rows.map((row) => ({
      id: row.id,
      lat: row.lat,
      long: row.lng,
      ...earthPoint(row.lat, row.lng),
    })),
  );
}

/** `ll_to_earth`: the point on a sphere of the earth's radius, in metres from its centre. */
function earthPoint(lat: number, long: number): Pick<FarmPoint, 'x' | 'y' | 'z'> {
  const latRadians = lat * RADIANS_PER_DEGREE;
  const longRadians = long * RADIANS_PER_DEGREE;
  return {
    x: EARTH_RADIUS_METRES * Math.cos(latRadians) * Math.cos(longRadians),
    y: EARTH_RADIUS_METRES * Math.cos(latRadians) * Math.sin(longRadians),
    z: EARTH_RADIUS_METRES * Math.sin(latRadians),
  };
}

/** `earth_distance`: the great-circle metres between two points, from the chord between them. */
function earthDistance(
  a: Pick<FarmPoint, 'x' | 'y' | 'z'>,
  b: Pick<FarmPoint, 'x' | 'y' | 'z'>,
): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const dz = a.z - b.z;
  const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (chord / (2 * EARTH_RADIUS_METRES) > 1) return Math.PI * EARTH_RADIUS_METRES;
  return 2 * EARTH_RADIUS_METRES * Math.asin(chord / (2 * EARTH_RADIUS_METRES));
}
