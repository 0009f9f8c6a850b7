import { DEFAULT_LOCATION, type ShopperLocation } from './locations';

/** The chosen location survives reloads in local storage: it describes the person, not the page. */
export const LOCATION_STORAGE_KEY = 'furrow.location';

const isBetween = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && value >= min && value <= max;

/**
 * A stored location as this app writes it, or null. Checked by hand rather than with Zod: it is
 * read before the first screen, and Zod would add 25 KB to every first visit.
 */
function storedLocation(value: unknown): ShopperLocation | null {
  if (typeof value !== 'object' || value === null) return null;
  const { lat, lng, label } = value as Record<string, unknown>;
  if (!isBetween(lat, -90, 90) || !isBetween(lng, -180, 180) || typeof label !== 'string') {
    return null;
  }
  const trimmed = label.trim();
  return trimmed.length >= 1 && trimmed.length <= 100 ? { lat, lng, label: trimmed } : null;
}

/** The stored location, or the default when nothing valid is stored (old format, edited by hand). */
export function readStoredLocation(): ShopperLocation {
  try {
    const raw = localStorage.getItem(LOCATION_STORAGE_KEY);
    return (raw !== null && storedLocation(JSON.parse(raw))) || DEFAULT_LOCATION;
  } catch {
    return DEFAULT_LOCATION;
  }
}

export function storeLocation(location: ShopperLocation): void {
  try {
    localStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(location));
  } catch {
    // Storage can be full or disabled; the choice then lasts until the page reloads.
  }
}

/** Whether the shopper chose a place on an earlier visit: the landing then leads with food. */
export function hasStoredLocation(): boolean {
  try {
    return localStorage.getItem(LOCATION_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
