import type { CartItem } from '@furrow/domain/cart';
import { CART_STORAGE_KEY } from './cart-storage';

/** Two lines from Green Acres and one from Rise Farm, as a shopper might have them. */
export const cartItems: CartItem[] = [
  {
    productId: 'tomatoes',
    name: 'Heirloom tomatoes',
    priceCents: 450,
    unit: 'lb',
    stock: 3,
    farmId: 'green-acres',
    farmName: 'Green Acres',
    imageUrl: null,
    quantity: 2,
  },
  {
    productId: 'sourdough',
    name: 'Sourdough loaf',
    priceCents: 800,
    unit: 'loaf',
    stock: 5,
    farmId: 'rise-farm',
    farmName: 'Rise Farm',
    imageUrl: '/uploads/farmers/x/loaf-400.webp',
    quantity: 1,
  },
  {
    productId: 'basil',
    name: 'Basil',
    priceCents: 300,
    unit: 'bunch',
    stock: 10,
    farmId: 'green-acres',
    farmName: 'Green Acres',
    imageUrl: null,
    quantity: 1,
  },
];

/** Puts a cart in local storage, where the app finds it on load. */
export function storeCart(items: CartItem[] = cartItems) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items }));
}
