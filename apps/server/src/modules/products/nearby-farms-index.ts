import type { BrowseProductsQuery } from '@furrow/domain/api/products';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { farms } from '../../db/schema';
import type { Executor } from '../../db/transaction';
import { buildFarmGrid, cellsAround, type FarmGrid } from './farm-grid';
import { compareUuids } from './uuid-order';

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

/**
 * The active farms by square, with each square's points side by side in one array (x, y, z per
 * farm): around a big city a browse measures a thousand farms, and reading their points from as many
 * objects across the heap cost more than the arithmetic.
 */
interface ActiveFarms {
  grid: FarmGrid<FarmPoint>;
  points: Map<FarmPoint[], Float64Array>;
}

interface Copy {
  generation: number;
  readAt: number;
  farms: Promise<ActiveFarms>;
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
 * products, and answers are made only for the farms picked.
 */
export async function nearbyFarmsFromMemory(
  db: Db,
  options: Pick<BrowseProductsQuery, 'lat' | 'long' | 'radiusKm'>,
): Promise<NearbyFarms> {
  const radiusMetres = options.radiusKm * 1000;
  const point = earthPoint(options.lat, options.long);
  // A farm whose straight-line distance is beyond the radius's (with a margin for rounding) is
  // left out before the arc is worked out, as most of the farms of the grid's squares are.
  const chord =
    2 *
    EARTH_RADIUS_METRES *
    Math.sin(Math.min(Math.PI / 2, radiusMetres / (2 * EARTH_RADIUS_METRES)));
  const farthestChordSquared = (chord * (1 + 1e-9) + 1) ** 2;
  const inRadius: FarmPoint[] = [];
  const distances: number[] = [];
  const { grid, points } = await activeFarms(db);
  for (const cell of cellsAround(grid, options, radiusMetres, EARTH_RADIUS_METRES)) {
    const xyz = points.get(cell) as Float64Array;
    for (let i = 0; i < cell.length; i++) {
      const dx = (xyz[3 * i] as number) - point.x;
      const dy = (xyz[3 * i + 1] as number) - point.y;
      const dz = (xyz[3 * i + 2] as number) - point.z;
      const chordSquared = dx * dx + dy * dy + dz * dz;
      if (chordSquared > farthestChordSquared) continue;
      const distanceMetres = arcOfChord(Math.sqrt(chordSquared));
      if (distanceMetres <= radiusMetres) {
        inRadius.push(cell[i] as FarmPoint);
        distances.push(distanceMetres);
      }
    }
  }
  const compare = (a: number, b: number) =>
    (distances[a] as number) - (distances[b] as number) ||
    compareUuids((inRadius[a] as FarmPoint).id, (inRadius[b] as FarmPoint).id);
  const farmAt = (i: number): NearbyFarm => ({
    id: (inRadius[i] as FarmPoint).id,
    distanceMetres: distances[i] as number,
  });
  let all: NearbyFarm[] | undefined;
  return {
    count: inRadius.length,
    nearest(n) {
      if (all) return all.slice(0, n);
      if (n < inRadius.length) return nearestOf(inRadius.length, n, compare).map(farmAt);
      all = inRadius
        .map((_, i) => i)
        .sort(compare)
        .map(farmAt);
      return all.slice(0, n);
    },
  };
}

/** The `n` first of `0..count-1` in `compare`'s order: a heap of the n best seen so far. */
function nearestOf(count: number, n: number, compare: (a: number, b: number) => number): number[] {
  // A max-heap: its root is the farthest of the n kept, the one a nearer farm replaces.
  const heap: number[] = [];
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j] as number, heap[i] as number];
  };
  const before = (i: number, j: number) => compare(heap[i] as number, heap[j] as number) > 0;
  for (let farm = 0; farm < count; farm++) {
    if (heap.length < n) {
      heap.push(farm);
      for (let i = heap.length - 1; i > 0 && before(i, (i - 1) >> 1); i = (i - 1) >> 1) {
        swap(i, (i - 1) >> 1);
      }
    } else if (n > 0 && compare(farm, heap[0] as number) < 0) {
      heap[0] = farm;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        let largest = i;
        if (left < n && before(left, largest)) largest = left;
        if (left + 1 < n && before(left + 1, largest)) largest = left + 1;
        if (largest === i) break;
        swap(i, largest);
        i = largest;
      }
    }
  }
  return heap.sort(compare);
}

function activeFarms(db: Db): Promise<ActiveFarms> {
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

async function readActiveFarms(db: Db): Promise<ActiveFarms> {
  const rows = await db
    .select({ id: farms.id, lat: farms.lat, lng: farms.lng })
    .from(farms)
    .where(eq(farms.status, 'active'));
  const grid = buildFarmGrid(
    rows.map((row) => ({
      id: row.id,
      lat: row.lat,
      long: row.lng,
      ...earthPoint(row.lat, row.lng),
    })),
  );
  const points = new Map<FarmPoint[], Float64Array>();
  for (const cell of [grid.all, ...grid.cells.values()]) {
    const xyz = new Float64Array(cell.length * 3);
    cell.forEach((farm, i) => {
      xyz.set([farm.x, farm.y, farm.z], 3 * i);
    });
    points.set(cell, xyz);
  }
  return { grid, points };
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
function arcOfChord(chord: number): number {
  if (chord / (2 * EARTH_RADIUS_METRES) > 1) return Math.PI * EARTH_RADIUS_METRES;
  return 2 * EARTH_RADIUS_METRES * Math.asin(chord / (2 * EARTH_RADIUS_METRES));
}
