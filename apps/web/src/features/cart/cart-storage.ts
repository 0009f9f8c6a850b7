import { type CartItem, type CartState, emptyCart } from '@furrow/domain/cart';

/**
 * The cart belongs to the browser, not to an account: it survives reloads, sign-in and sign-out
 * (product rules: cart and checkout), and a guest keeps it while signing in to check out.
 */
export const CART_STORAGE_KEY = 'furrow.cart';

const isCount = (value: unknown, min: number): value is number =>
  Number.isInteger(value) && (value as number) >= min;
const isText = (value: unknown, min = 0): value is string =>
  typeof value === 'string' && value.length >= min;

/**
 * A stored line as this app writes it, or null. Checked by hand rather than with Zod: the cart is
 * read before the first screen, and Zod would add 25 KB to every first visit.
 */
function storedItem(line: unknown): CartItem | null {
  if (typeof line !== 'object' || line === null) return null;
  const { productId, name, priceCents, unit, stock, farmId, farmName, imageUrl, quantity } =
    line as Record<string, unknown>;
  if (
    !isText(productId, 1) ||
    !isText(name) ||
    !isCount(priceCents, 0) ||
    !isText(unit) ||
    !isCount(stock, 0) ||
    !isText(farmId, 1) ||
    !isText(farmName) ||
    !(imageUrl === undefined || imageUrl === null || isText(imageUrl)) ||
    !isCount(quantity, 1) ||
    quantity > stock
  ) {
    return null;
  }
  const item: CartItem = { productId, name, priceCents, unit, stock, farmId, farmName, quantity };
  if (imageUrl !== undefined) item.imageUrl = imageUrl;
  return item;
}

/**
 * The stored cart. Lines that no longer parse (an older format, an edit by hand) are dropped one by
 * one, so one bad line does not cost the shopper the rest of the cart.
 */
export function readCart(): CartState {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
  } catch {
    return emptyCart;
  }
  const lines = (stored as { items?: unknown } | null)?.items;
  if (!Array.isArray(lines)) return emptyCart;
  const items: CartItem[] = [];
  for (const line of lines) {
    const item = storedItem(line);
    if (item && !items.some((kept) => kept.productId === item.productId)) items.push(item);
  }
  return items.length === 0 ? emptyCart : { items };
}

export function writeCart(cart: CartState): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Storage can be full or disabled; the cart then lasts until the page reloads.
  }
}
