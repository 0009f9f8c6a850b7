import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import { type CartStore, createCartStore } from './cart-store';

const CartStoreContext = createContext<CartStore | null>(null);

/** One cart for the app, made when it starts from what local storage holds. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [cartStore] = useState(createCartStore);
  return <CartStoreContext value={cartStore}>{children}</CartStoreContext>;
}

/** The cart and `dispatch` to change it: add, remove, update quantity, clear. */
export function useCart() {
  const store = useContext(CartStoreContext);
  if (!store)
    throw new Error('useCart must be used within <CartProvider> (see src/app/providers.tsx)');
  // The prerendered pages are drawn from the same store, empty at build time (prerender.tsx).
  const cart = useSyncExternalStore(store.subscribe, store.getCart, store.getCart);
  return { cart, dispatch: store.dispatch };
}
