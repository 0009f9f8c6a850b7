import { DEFAULT_RADIUS_KM } from './product-search';

/**
 * "Tell me when farms near me join" (product rules: area alerts): a shopper whose area has no farm
 * in reach leaves an e-mail address for that place, and hears once when a farm opens within the
 * browse radius of it.
 */

/** A farm this close to a sign-up's place is "near": the radius a shopper browses by default. */
export const AREA_ALERT_RADIUS_KM = DEFAULT_RADIUS_KM;

/**
 * Places are kept to two decimals (about a kilometre): the alert needs the area, not the house, and
 * a shopper who signs up again from a slightly different fix in the same spot is the same sign-up.
 */
const PLACE_DECIMALS = 2;

export interface AlertPlace {
  lat: number;
  long: number;
}

export function alertPlace(point: AlertPlace): AlertPlace {
  const factor = 10 ** PLACE_DECIMALS;
  const round = (value: number) => Math.round(value * factor) / factor + 0;
  return { lat: round(point.lat), long: round(point.long) };
}

/** The one answer to a sign-up, new or repeated, so that it never tells whether an address was already on the list. */
export const AREA_ALERT_CONFIRMATION =
  "You're on the list. We'll e-mail you once when a farm opens near this place.";
