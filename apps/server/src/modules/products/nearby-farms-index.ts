import type { BrowseProductsQuery } from '@furrow/domain/api/products';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { farms } from '../farms/farms.schema';
import { buildFarmGrid, cellsAround, type FarmGrid } from './farm-grid';
import { compareUuids } from './uuid-order';

/**
 * Active farms near a point, from memory: browse asked the database for them on every request.
 * There are tens of thousands of farms at national scale; filed in a grid (`farm-grid.ts`), a
 * browse measures the distance of the few hundred around its point only.
 *
 * The copy is dropped whenever a farm is created, moved, suspended or reinstated, or deleted: the
 * write publishes `farms.changed`, and `forgetFarms`, its subscriber, drops every copy in this
 * process at once and, through a PostgreSQL notification sent when the write commits, those of
 * other processes.
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

/** Farms changed (`farms.changed`): this process forgets now, others when `executor` commits. */
export async function forgetFarms(executor: Executor): Promise<void> {
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
 *
 * Farms are compared by their chord (the straight line through the earth), which grows with the
 * arc: the arc, an arcsine, is worked out only for the farms picked and for those near the
 * radius's edge, not for the hundreds in the radius that are not picked.
 */
export async function nearbyFarmsFromMemory(
  db: Db,
  options: Pick<BrowseProductsQuery, 'lat' | 'long' | 'radiusKm'>,
): Promise<NearbyFarms> {
  const radiusMetres = options.radiusKm * 1000;
  const point = earthPoint(options.lat, options.long);
  const chordOfRadius =
    2 *
    EARTH_RADIUS_METRES *
    Math.sin(Math.min(Math.PI / 2, radiusMetres / (2 * EARTH_RADIUS_METRES)));
  // Past the outer bound a farm is beyond the radius, within the inner bound inside it, whatever
  // the rounding (a metre and a billionth either side); between them its arc decides.
  const outerSquared = (chordOfRadius * (1 + 1e-9) + 1) ** 2;
  const innerSquared = Math.max(0, chordOfRadius * (1 - 1e-9) - 1) ** 2;
  const { grid, points } = await activeFarms(db);
  const cells = cellsAround(grid, options, radiusMetres, EARTH_RADIUS_METRES);
  const inRadius: FarmPoint[] = [];
  // Side by side with `inRadius`; as long as every farm of the squares, the most that can be in it.
  const chordsSquared = new Float64Array(cells.reduce((farms, cell) => farms + cell.length, 0));
  for (const cell of cells) {
    const xyz = points.get(cell) as Float64Array;
    for (let i = 0; i < cell.length; i++) {
      const dx = (xyz[3 * i] as number) - point.x;
      const dy = (xyz[3 * i + 1] as number) - point.y;
      const dz = (xyz[3 * i + 2] as number) - point.z;
      const chordSquared = dx * dx + dy * dy + dz * dz;
      if (chordSquared > outerSquared) continue;
      if (chordSquared > innerSquared && arcOfChord(Math.sqrt(chordSquared)) > radiusMetres) {
        continue;
      }
      chordsSquared[inRadius.length] = chordSquared;
      inRadius.push(cell[i] as FarmPoint);
    }
  }
  const count = inRadius.length;
  const inOrder = (picked: number[]): NearbyFarm[] =>
    picked
      .map((i) => ({
        id: (inRadius[i] as FarmPoint).id,
        distanceMetres: arcOfChord(Math.sqrt(chordsSquared[i] as number)),
      }))
      .sort((a, b) => a.distanceMetres - b.distanceMetres || compareUuids(a.id, b.id));
  let all: NearbyFarm[] | undefined;
  return {
    count,
    nearest(n) {
      if (all) return all.slice(0, n);
      if (n >= count) {
        all = inOrder(inRadius.map((_, i) => i));
        return all.slice(0, n);
      }
      // The n shortest chords, picked with a heap (no objects made for the farms not picked); with
      // the farms a hair past the nth, which may share its arc once rounded and then be ordered
      // by id, they are then put in order.
      const nth = nthShortest(chordsSquared, count, n);
      const picked: number[] = [];
      for (let i = 0; i < count; i++) {
        if ((chordsSquared[i] as number) <= nth * (1 + 1e-9)) picked.push(i);
      }
      return inOrder(picked).slice(0, n);
    },
  };
}

/** The nth smallest of the first `count` values (1 <= n <= count): a max-heap of the n smallest seen. */
function nthShortest(values: Float64Array, count: number, n: number): number {
  const heap = values.slice(0, n);
  const siftDown = (from: number) => {
    const value = heap[from] as number;
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const larger =
        left + 1 < n && (heap[left + 1] as number) > (heap[left] as number) ? left + 1 : left;
      if ((heap[larger] as number) <= value) break;
      heap[i] = heap[larger] as number;
      i = larger;
    }
    heap[i] = value;
  };
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(i);
  for (let i = n; i < count; i++) {
    const value = values[i] as number;
    if (value < (heap[0] as number)) {
      heap[0] = value;
      siftDown(0);
    }
  }
  return heap[0] as number;
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
