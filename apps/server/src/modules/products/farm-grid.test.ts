import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFarmGrid, cellsAround, type GridPoint } from './farm-grid';

/** The farms of the squares `cellsAround` gives, as one list. */
const farmsAround = (...args: Parameters<typeof cellsAround<GridPoint>>) =>
  cellsAround(...args).flat();

const SPHERE_METRES = 6378168;
const RADIANS_PER_DEGREE = Math.PI / 180;

/** Great-circle metres between two points (haversine), to check the grid against. */
function distanceMetres(a: GridPoint, b: GridPoint): number {
  const dLat = (b.lat - a.lat) * RADIANS_PER_DEGREE;
  const dLong = (b.long - a.long) * RADIANS_PER_DEGREE;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * RADIANS_PER_DEGREE) *
      Math.cos(b.lat * RADIANS_PER_DEGREE) *
      Math.sin(dLong / 2) ** 2;
  return 2 * SPHERE_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

const point = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  long: fc.double({ min: -180, max: 180, noNaN: true, maxExcluded: true }),
});

describe('the farm grid', () => {
  it('gives every farm within the radius, wherever the circle falls', () => {
    fc.assert(
      fc.property(
        fc.array(point, { maxLength: 300 }),
        point,
        fc.double({ min: 0, max: 5_000_000, noNaN: true }),
        (farms, here, radiusMetres) => {
          const found = new Set(
            farmsAround(buildFarmGrid(farms), here, radiusMetres, SPHERE_METRES),
          );
          for (const farm of farms) {
            if (distanceMetres(here, farm) < radiusMetres * (1 - 1e-9))
              expect(found).toContain(farm);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives farms near the edges of its squares, the poles and the 180th meridian', () => {
    const edges = [
      { lat: 45.4999999, long: -122.5000001 },
      { lat: 45.5, long: -122.5 },
      { lat: 89.99, long: 10 },
      { lat: -89.99, long: -170 },
      { lat: 10, long: 179.999 },
      { lat: 10, long: -180 },
    ];
    const grid = buildFarmGrid(edges);
    for (const farm of edges) {
      expect(farmsAround(grid, farm, 1, SPHERE_METRES)).toContain(farm);
      expect(farmsAround(grid, farm, 100_000, SPHERE_METRES)).toContain(farm);
    }
  });

  it('looks only at the squares near the point in a country of farms', () => {
    const farms = Array.from({ length: 2_000 }, (_, i) => ({
      lat: 25 + (i % 50) * 0.5,
      long: -125 + Math.floor(i / 50) * 1.5,
    }));
    const near = farmsAround(
      buildFarmGrid(farms),
      { lat: 45.5, long: -122.7 },
      50_000,
      SPHERE_METRES,
    );
    expect(near.length).toBeGreaterThan(0);
    expect(near.length).toBeLessThan(50);
  });
});
