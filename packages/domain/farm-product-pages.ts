// How a farm's page lists its products: a first page with the farm, then more on demand, in name
// order. A page ends at a product; the next starts after it (keyset paging on name and id), so a
// page deep in a large catalogue costs what the first does and a product added meanwhile does not
// shift the pages.

/** Enough to fill the first screen: four rows on a wide screen (five columns), ten on a phone. */
export const FARM_PAGE_FIRST_PRODUCTS = 20;
/** Each "Show more" brings this many. */
export const FARM_PAGE_MORE_PRODUCTS = 40;
export const FARM_PAGE_MAX_PRODUCTS = 100;

/** Where a page of a farm's products ended: its last product's name and id. */
export interface ProductCursor {
  name: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The token for the product a page ended at: its id, a colon and its name. Clients pass it back
 * as they got it (URL-encoded, as any query value).
 */
export function encodeProductCursor(cursor: ProductCursor): string {
  return `${cursor.id}:${cursor.name}`;
}

/** The product a token of `encodeProductCursor` names; null for anything else. */
export function decodeProductCursor(token: string): ProductCursor | null {
  const id = token.slice(0, 36);
  if (token[36] !== ':' || !UUID.test(id)) return null;
  return { id: id.toLowerCase(), name: token.slice(37) };
}
