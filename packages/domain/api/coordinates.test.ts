import { describe, expect, it } from 'vitest';
import { latitude, latitudeQuery, longitude, radiusKmQuery } from './coordinates';

describe('coordinates', () => {
  it('refuses subnormal numbers, which PostgreSQL cannot hold', () => {
    expect(longitude.safeParse(2.5e-323).success).toBe(false);
    expect(latitude.safeParse(-5e-324).success).toBe(false);
    expect(latitudeQuery.safeParse('5e-324').success).toBe(false);
    expect(radiusKmQuery(500).safeParse('5e-324').success).toBe(false);
  });

  it('takes zero, tiny normal numbers and the ends of the range', () => {
    for (const value of [0, 1e-300, -90, 90, 45.5]) expect(latitude.parse(value)).toBe(value);
    expect(longitude.parse(-180)).toBe(-180);
    expect(radiusKmQuery(500).parse('0.5')).toBe(0.5);
  });
});
