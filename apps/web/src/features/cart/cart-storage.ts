import { type CartItem, type CartState, emptyCart } from '@furrow/domain/cart';
import { z } from 'zod';

/**
 * The cart belongs to the browser, not to an account: it survives reloads, sign-in and sign-out
 * (spec 4), and a guest keeps it while signing in to check out.
 */
export const CART_STORAGE_KEY = 'furrow.cart';

const storedItem = z
  .object({
    productId: z.string().min(1),
    name: z.string(),
    priceCents: z.number().int().min(0),
    unit: z.string(),
    stock: z.number().int().min(0),
    farmId: z.string().min(1),
    farmName: z.string(),
    imageUrl: z.string().nullish(),
    quantity: z.number().int().positive(),
  })
  .refine((item) => item.quantity <= item.stock);

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
    const parsed = storedItem.safeParse(line);
    if (parsed.success && !items.some((item) => item.productId === parsed.data.productId)) {
      items.push(parsed.data);
    }
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
