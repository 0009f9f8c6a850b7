import { z } from 'zod';

/**
 * PostgreSQL refuses a subnormal double (5e-324, 2.5e-323: nearer to zero than 2.2e-308) with an
 * "out of range" error instead of storing or comparing it, which surfaced as a 500. No place or
 * distance needs one, so such a number is refused at the boundary like any other bad value.
 */
const SMALLEST_NORMAL_DOUBLE = 2.2250738585072014e-308;
const storable = (value: number) => value === 0 || Math.abs(value) >= SMALLEST_NORMAL_DOUBLE;
const tooClose = { message: 'is too close to zero: send 0 instead' };

export const latitude = z.number().min(-90).max(90).refine(storable, tooClose);
export const longitude = z.number().min(-180).max(180).refine(storable, tooClose);
/** The same, read from a query string. */
export const latitudeQuery = z.coerce.number().min(-90).max(90).refine(storable, tooClose);
export const longitudeQuery = z.coerce.number().min(-180).max(180).refine(storable, tooClose);
/** A search radius in kilometres, read from a query string. */
export const radiusKmQuery = (max: number) =>
  z.coerce.number().positive().max(max).refine(storable, tooClose);
