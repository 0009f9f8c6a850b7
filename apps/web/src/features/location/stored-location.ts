import { z } from 'zod';
import { DEFAULT_LOCATION, type ShopperLocation } from './locations';

/** The chosen location survives reloads in local storage (DESIGN section 4). */
export const LOCATION_STORAGE_KEY = 'furrow.location';

const storedLocation = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  label: z.string().trim().min(1).max(100),
});

/** The stored location, or the default when nothing valid is stored (old format, edited by hand). */
export function readStoredLocation(): ShopperLocation {
  try {
    const raw = localStorage.getItem(LOCATION_STORAGE_KEY);
    const parsed = storedLocation.safeParse(raw === null ? undefined : JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_LOCATION;
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
