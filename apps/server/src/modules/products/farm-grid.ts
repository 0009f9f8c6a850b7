/**
 * Farms filed by the half-degree square they stand in, so that a browse looks only at the squares
 * its circle can reach: at national scale (20,000 farms) scanning them all cost about a millisecond
 * a request, more than the rest of a browse from memory. The grid only narrows the candidates; the
 * caller still measures each one's distance and keeps those within the radius.
 */

const CELL_DEGREES = 0.5;
const RADIANS_PER_DEGREE = Math.PI / 180;
/**
 * How far past the circle's bounding box the squares reach, in degrees (about a centimetre): the
 * box is exact but for rounding. A whole square on each side took in two and a half times the farms
 * to measure around a city.
 */
const MARGIN_DEGREES = 1e-7;

export interface GridPoint {
  lat: number;
  long: number;
}

export interface FarmGrid<T extends GridPoint> {
  cells: Map<number, T[]>;
  all: T[];
}

const cellOf = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
// Latitude cells run from -180 to 180 and longitude cells from -360 to 360: one number for both.
const keyOf = (latCell: number, longCell: number) => latCell * 1024 + longCell;

export function buildFarmGrid<T extends GridPoint>(farms: T[]): FarmGrid<T> {
  const cells = new Map<number, T[]>();
  for (const farm of farms) {
    const key = keyOf(cellOf(farm.lat), cellOf(farm.long));
    const cell = cells.get(key);
    if (cell) cell.push(farm);
    else cells.set(key, [farm]);
  }
  return { cells, all: farms };
}

/**
 * The farms that may lie within `radiusMetres` (great-circle, on a sphere of `sphereRadiusMetres`)
 * of the point, and some that do not, as the lists of the grid's squares they are in (not copied
 * into one: a browse near a big city looks at a thousand farms or more). The squares come from the
 * circle's bounding box in latitude and longitude (its longitude span widens towards the poles), a
 * hair wider on each side; a circle around a pole or across the 180th meridian, or one wider than
 * the grid, takes every farm.
 */
export function cellsAround<T extends GridPoint>(
  grid: FarmGrid<T>,
  point: GridPoint,
  radiusMetres: number,
  sphereRadiusMetres: number,
): T[][] {
  const angle = radiusMetres / sphereRadiusMetres;
  const lat = point.lat * RADIANS_PER_DEGREE;
  if (lat - angle <= -Math.PI / 2 || lat + angle >= Math.PI / 2) return [grid.all];
  const longSpan = Math.asin(Math.sin(angle) / Math.cos(lat));
  const long = point.long * RADIANS_PER_DEGREE;
  if (!(long - longSpan > -Math.PI && long + longSpan < Math.PI)) return [grid.all];

  const latFrom = cellOf((lat - angle) / RADIANS_PER_DEGREE - MARGIN_DEGREES);
  const latTo = cellOf((lat + angle) / RADIANS_PER_DEGREE + MARGIN_DEGREES);
  const longFrom = cellOf((long - longSpan) / RADIANS_PER_DEGREE - MARGIN_DEGREES);
  const longTo = cellOf((long + longSpan) / RADIANS_PER_DEGREE + MARGIN_DEGREES);
  if ((latTo - latFrom + 1) * (longTo - longFrom + 1) > grid.cells.size) return [grid.all];

  const found: T[][] = [];
  for (let latCell = latFrom; latCell <= latTo; latCell++) {
    for (let longCell = longFrom; longCell <= longTo; longCell++) {
      const cell = grid.cells.get(keyOf(latCell, longCell));
      if (cell) found.push(cell);
    }
  }
  return found;
}
