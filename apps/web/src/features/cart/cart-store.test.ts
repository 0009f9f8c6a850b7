import type { CartProduct } from '@furrow/domain/cart';
import { describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from './cart-storage';
import { createCartStore } from './cart-store';

const tomatoes: CartProduct = {
  productId: 'tomatoes',
  name: 'Heirloom tomatoes',
  priceCents: 450,
  unit: 'lb',
  stock: 3,
  farmId: 'green-acres',
  farmName: 'Green Acres',
  imageUrl: null,
};

const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null');

/** What the browser does in every other tab when one tab writes local storage. */
function changeInAnotherTab(value: string | null, key: string | null = CART_STORAGE_KEY) {
  if (key === null) localStorage.clear();
  else if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

describe('the cart store', () => {
  it('keeps the cart in local storage, so a new page load finds it', () => {
    const store = createCartStore();
    expect(store.dispatch({ type: 'add', item: tomatoes, quantity: 2 })).toBe(true);
    expect(stored()).toEqual({ items: [{ ...tomatoes, quantity: 2 }] });
    expect(createCartStore().getCart()).toEqual({ items: [{ ...tomatoes, quantity: 2 }] });
  });

  it('ignores an add or an update past the stock, and leaves storage as it was', () => {
    const store = createCartStore();
    store.dispatch({ type: 'add', item: tomatoes, quantity: 3 });
    const before = store.getCart();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.dispatch({ type: 'add', item: tomatoes })).toBe(false);
    expect(store.dispatch({ type: 'updateQuantity', productId: 'tomatoes', quantity: 4 })).toBe(
      false,
    );
    expect(store.getCart()).toBe(before);
    expect(stored().items[0].quantity).toBe(3);
    expect(listener).not.toHaveBeenCalled();
  });

  it('follows changes made in another tab, including a cleared storage', () => {
    const store = createCartStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    changeInAnotherTab(JSON.stringify({ items: [{ ...tomatoes, quantity: 1 }] }));
    expect(store.getCart().items).toEqual([{ ...tomatoes, quantity: 1 }]);
    expect(listener).toHaveBeenCalledTimes(1);

    changeInAnotherTab('{"unrelated":true}', 'furrow.location');
    expect(listener).toHaveBeenCalledTimes(1);

    changeInAnotherTab(null, null);
    expect(store.getCart().items).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    changeInAnotherTab(JSON.stringify({ items: [{ ...tomatoes, quantity: 2 }] }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('drops stored lines that no longer make sense, and keeps the rest', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        items: [
          { ...tomatoes, quantity: 2 },
          { ...tomatoes, productId: 'too-many', quantity: 9 },
          { productId: 'half-a-line', quantity: 1 },
          { ...tomatoes, quantity: 1 },
        ],
      }),
    );
    expect(createCartStore().getCart().items).toEqual([{ ...tomatoes, quantity: 2 }]);
    localStorage.setItem(CART_STORAGE_KEY, 'not json');
    expect(createCartStore().getCart().items).toEqual([]);
  });
});
