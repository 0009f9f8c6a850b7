import { centsToDollars } from './money';

/**
 * The cart (product rules: cart and checkout) as a pure reducer. A rejected action returns the very
 * same state object, so React skips the re-render and callers can tell a silent rejection with
 * `===`.
 */

/** A product as the cart keeps it: a snapshot taken when it was added, plus the quantity. */
export interface CartItem {
  productId: string;
  name: string;
  priceCents: number;
  unit: string;
  /** The cap on `quantity`: a quantity may not exceed stock. */
  stock: number;
  farmId: string;
  farmName: string;
  imageUrl?: string | null;
  quantity: number;
}

export type CartProduct = Omit<CartItem, 'quantity'>;

export interface CartState {
  readonly items: readonly CartItem[];
}

export type CartAction =
  | { type: 'add'; item: CartProduct; quantity?: number }
  | { type: 'remove'; productId: string }
  | { type: 'updateQuantity'; productId: string; quantity: number }
  | { type: 'clear' };

export const emptyCart: CartState = { items: [] };

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add':
      return addItem(state, action.item, action.quantity ?? 1);
    case 'remove':
      return removeItem(state, action.productId);
    case 'updateQuantity':
      return updateQuantity(state, action.productId, action.quantity);
    case 'clear':
      return state.items.length === 0 ? state : emptyCart;
  }
}

function isPositiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

export function quantityInCart(state: CartState, productId: string): number {
  return state.items.find((item) => item.productId === productId)?.quantity ?? 0;
}

/** Lets the UI disable an "Add" button instead of letting the reducer ignore the click. */
export function canAddToCart(state: CartState, product: CartProduct, quantity = 1): boolean {
  return (
    isPositiveInteger(quantity) &&
    quantityInCart(state, product.productId) + quantity <= product.stock
  );
}

function addItem(state: CartState, product: CartProduct, quantity: number): CartState {
  if (!canAddToCart(state, product, quantity)) return state;
  const index = state.items.findIndex((item) => item.productId === product.productId);
  // The incoming snapshot is the fresher one, so it replaces the stored name, price and stock.
  const item: CartItem = {
    ...product,
    quantity: quantityInCart(state, product.productId) + quantity,
  };
  if (index === -1) return { items: [...state.items, item] };
  return { items: state.items.map((existing, i) => (i === index ? item : existing)) };
}

function removeItem(state: CartState, productId: string): CartState {
  if (!state.items.some((item) => item.productId === productId)) return state;
  return { items: state.items.filter((item) => item.productId !== productId) };
}

function updateQuantity(state: CartState, productId: string, quantity: number): CartState {
  if (quantity <= 0) return removeItem(state, productId);
  if (!Number.isSafeInteger(quantity)) return state;
  const index = state.items.findIndex((item) => item.productId === productId);
  const current = state.items[index];
  if (current === undefined || current.quantity === quantity || quantity > current.stock) {
    return state;
  }
  return {
    items: state.items.map((item, i) => (i === index ? { ...item, quantity } : item)),
  };
}

/** The total is always the sum of price times quantity. */
export function cartTotalCents(state: CartState): number {
  return state.items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
}

/** Units in the cart, for the badge on the cart icon. */
export function cartCount(state: CartState): number {
  return state.items.reduce((sum, item) => sum + item.quantity, 0);
}

export interface FarmGroup {
  farmId: string;
  farmName: string;
  items: CartItem[];
  subtotalCents: number;
  count: number;
}

/** Checkout makes one order per farm, so it shows the cart the same way. */
export function groupByFarm(items: readonly CartItem[]): FarmGroup[] {
  const groups = new Map<string, FarmGroup>();
  for (const item of items) {
    let group = groups.get(item.farmId);
    if (group === undefined) {
      group = {
        farmId: item.farmId,
        farmName: item.farmName,
        items: [],
        subtotalCents: 0,
        count: 0,
      };
      groups.set(item.farmId, group);
    }
    group.items.push(item);
    group.subtotalCents += item.priceCents * item.quantity;
    group.count += item.quantity;
  }
  return [...groups.values()];
}

export interface CartSummary {
  farms: FarmGroup[];
  totalCents: number;
  count: number;
}

/** What the cart page and checkout show: one block per farm with its subtotal, then the total. */
export function cartSummary(state: CartState): CartSummary {
  return {
    farms: groupByFarm(state.items),
    totalCents: cartTotalCents(state),
    count: cartCount(state),
  };
}

/**
 * The `items` of `POST /api/orders`. The server re-reads names and prices; the price the shopper
 * saw goes along so that a price changed since is refused with the new price, never charged unseen.
 */
export function checkoutItems(
  state: CartState,
): { productId: string; quantity: number; price: number }[] {
  return state.items.map(({ productId, quantity, priceCents }) => ({
    productId,
    quantity,
    price: centsToDollars(priceCents),
  }));
}
