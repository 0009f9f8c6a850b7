import { readCart } from './features/cart/cart-storage';
import { DEFAULT_LOCATION } from './features/location/locations';
import { hasStoredLocation, readStoredLocation } from './features/location/stored-location';
import { TOKEN_STORAGE_KEY } from './lib/api-client';

/**
 * Whether the page the build drew ahead (`prerender.mjs`: a guest's first visit, with an empty cart
 * and the default location) is what the app draws here. It then shows from the first paint and the
 * app takes it over as it is; otherwise the app draws the page itself, as on any other address.
 */
export function prerenderFits(pathname: string, search: string): boolean {
  // Search and filter choices live in the address; a signed-in visitor sees their own header.
  if (search !== '' || readToken() !== null) return false;
  if (readCart().items.length > 0) return false;
  if (!hasStoredLocation()) return true;
  // A returning shopper's landing page leads with the food, not with the welcome.
  if (pathname === '/') return false;
  const { lat, lng, label } = readStoredLocation();
  return (
    lat === DEFAULT_LOCATION.lat && lng === DEFAULT_LOCATION.lng && label === DEFAULT_LOCATION.label
  );
}

/**
 * Whether a page drawn ahead without data of its own (a farm's page: the header over the page's
 * skeleton) is what the app first draws here. Only the header tells visitors apart there: a
 * signed-in visitor's account menu and the cart's count.
 */
export function shellFits(token: string | null): boolean {
  return token === null && readCart().items.length === 0;
}

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
