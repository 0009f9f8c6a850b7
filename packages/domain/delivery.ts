import type { ErrorCode } from './errors';
import { formatUsd } from './money';

/**
 * Delivery (product rules: pickup and delivery): a farm drives its own van within a radius of the
 * farm, for a flat fee, above a minimum order. Distances are great-circle, like the database's
 * `earthdistance` search, so an address the shopper found "12 km away" is judged by the same
 * measure.
 */

/** The mean Earth radius, as `earthdistance` uses it; it differs from the ellipsoid by < 0.5%. */
export const EARTH_RADIUS_KM = 6371;

export interface Point {
  lat: number;
  lng: number;
}

export interface DeliverySettings {
  enabled: boolean;
  radiusKm: number;
  feeCents: number;
  /** The least a delivered order may cost before the fee; 0 for none. */
  minimumOrderCents: number;
}

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance in kilometres on a sphere of the Earth's mean radius. */
export function distanceKm(a: Point, b: Point): number {
  // The great-circle angle as atan2 of its sine and cosine (Vincenty's special case), which stays
  // exact to rounding at every distance; the haversine's asin loses precision near the antipode,
  // where the triangle inequality then fails by metres.
  const latA = radians(a.lat);
  const latB = radians(b.lat);
  const dLng = radians(b.lng - a.lng);
  const across = Math.cos(latB) * Math.sin(dLng);
  const along = Math.cos(latA) * Math.sin(latB) - Math.sin(latA) * Math.cos(latB) * Math.cos(dLng);
  const cosAngle =
    Math.sin(latA) * Math.sin(latB) + Math.cos(latA) * Math.cos(latB) * Math.cos(dLng);
  return EARTH_RADIUS_KM * Math.atan2(Math.hypot(across, along), cosAngle);
}

export type DeliveryCheck =
  | { ok: true; feeCents: number; distanceKm: number }
  | {
      ok: false;
      code: Extract<
        ErrorCode,
        'DELIVERY_NOT_OFFERED' | 'OUTSIDE_DELIVERY_RADIUS' | 'UNDER_DELIVERY_MINIMUM'
      >;
      message: string;
    };

/** Whole kilometres for messages: "12.4 km" promises a precision the address lookup lacks. */
function km(value: number): string {
  return `${Math.round(value)} km`;
}

/**
 * Whether a farm can deliver an order of `subtotalCents` to `destination`, and the fee; or why not,
 * in words the shopper can act on. The radius is checked before the minimum: a bigger basket does
 * not help an address the van does not reach.
 */
export function checkDelivery(
  farm: { name: string; location: Point; delivery: DeliverySettings },
  destination: Point,
  subtotalCents: number,
): DeliveryCheck {
  const { delivery } = farm;
  if (!delivery.enabled) {
    return { ok: false, code: 'DELIVERY_NOT_OFFERED', message: `${farm.name} does not deliver` };
  }
  const distance = distanceKm(farm.location, destination);
  if (distance > delivery.radiusKm) {
    return {
      ok: false,
      code: 'OUTSIDE_DELIVERY_RADIUS',
      message: `This address is ${km(distance)} from ${farm.name}, which delivers within ${km(delivery.radiusKm)}`,
    };
  }
  if (subtotalCents < delivery.minimumOrderCents) {
    return {
      ok: false,
      code: 'UNDER_DELIVERY_MINIMUM',
      message: `${farm.name} delivers orders of ${formatUsd(delivery.minimumOrderCents)} or more; add ${formatUsd(delivery.minimumOrderCents - subtotalCents)} to have it delivered`,
    };
  }
  return { ok: true, feeCents: delivery.feeCents, distanceKm: distance };
}
