import { type CartAction, type CartState, cartReducer } from '@furrow/domain/cart';
import { CART_STORAGE_KEY, readCart, writeCart } from './cart-storage';

export interface CartStore {
  getCart: () => CartState;
  subscribe: (listener: () => void) => () => void;
  /**
   * Applies an action through the domain reducer and stores the result. Answers whether the cart
   * changed: the reducer silently ignores what would break a rule, and so does the store.
   */
  dispatch: (action: CartAction) => boolean;
}

/**
 * The cart in memory, mirrored to local storage. Other tabs write the same key; their `storage`
 * events bring their changes here, so every open tab shows one cart.
 */
export function createCartStore(): CartStore {
  let cart = readCart();
  const listeners = new Set<() => void>();

  function publish(next: CartState) {
    cart = next;
    for (const listener of listeners) listener();
  }

  function onStorage(event: StorageEvent) {
    // A null key means another tab cleared all of local storage.
    if (event.key === CART_STORAGE_KEY || event.key === null) publish(readCart());
  }

  return {
    getCart: () => cart,
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    dispatch(action) {
      const next = cartReducer(cart, action);
      if (next === cart) return false;
      writeCart(next);
      publish(next);
      return true;
    },
  };
}
