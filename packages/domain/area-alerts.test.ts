import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertPlace } from './area-alerts';
import { distanceKm } from './delivery';

describe('alertPlace', () => {
  it('keeps a place to two decimals', () => {
    expect(alertPlace({ lat: 39.123456, long: -116.987654 })).toEqual({
      lat: 39.12,
      long: -116.99,
    });
  });

  it('makes two fixes a few metres apart the same place', () => {
    expect(alertPlace({ lat: 45.52301, long: -122.67649 })).toEqual(
      alertPlace({ lat: 45.52298, long: -122.67652 }),
    );
  });

  it('never writes minus zero, which would make a second place at the equator', () => {
    expect(Object.is(alertPlace({ lat: -0.001, long: -0.004 }).lat, -0)).toBe(false);
    expect(Object.is(alertPlace({ lat: -0.001, long: -0.004 }).long, -0)).toBe(false);
  });

  it('moves a place by less than a kilometre, and keeps it on the globe', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, long) => {
          const place = alertPlace({ lat, long });
          expect(Math.abs(place.lat)).toBeLessThanOrEqual(90);
          expect(Math.abs(place.long)).toBeLessThanOrEqual(180);
          const moved = distanceKm({ lat, lng: long }, { lat: place.lat, lng: place.long });
          expect(moved).toBeLessThan(1);
        },
      ),
    );
  });
});
