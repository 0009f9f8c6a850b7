import { type SQL, sql } from 'drizzle-orm';
import { farms } from './farms.schema';

export interface Point {
  lat: number;
  long: number;
}

/** `ll_to_earth` of a point: the form the GiST index on farms and `earth_box` work with. */
export function earthPoint(point: Point): SQL {
  return sql`ll_to_earth(${point.lat}, ${point.long})`;
}

export const farmEarthPoint = sql`ll_to_earth(${farms.lat}, ${farms.lng})`;

/** Great-circle metres from a farm to the point. */
export function farmDistanceMetres(point: Point): SQL<number> {
  return sql<number>`earth_distance(${farmEarthPoint}, ${earthPoint(point)})`.mapWith(Number);
}
