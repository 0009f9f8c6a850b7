import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { AddToCartButton } from './add-to-cart-button';
import { CartLink } from './cart-link';
import { CART_STORAGE_KEY } from './cart-storage';
import { cartItems, storeCart } from './cart-test-items';

const [tomatoes] = cartItems;
if (!tomatoes) throw new Error('fixture missing');

describe('CartLink', () => {
  it('links to the cart and says how many units are in it', () => {
    storeCart();
    renderWithProviders(<CartLink />);
    const link = screen.getByRole('link', { name: 'Cart, 4 items' });
    expect(link).toHaveAttribute('href', '/cart');
    expect(link).toHaveTextContent('4');
  });

  it('counts up as products are added, and the card stepper stops at the stock', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <CartLink />
        <AddToCartButton product={tomatoes} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Cart, empty' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    const more = screen.getByRole('button', { name: `One more ${tomatoes.name}` });
    await user.click(more);
    await user.click(more);
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(more).toHaveAttribute('aria-disabled', 'true');
    await user.click(more);
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    // Down to none takes it out of the cart, and the card offers to add it again.
    const less = screen.getByRole('button', { name: `One less ${tomatoes.name}` });
    for (let i = 0; i < 3; i++) await user.click(less);
    expect(screen.getByRole('link', { name: 'Cart, empty' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it('follows the cart when another tab changes it', () => {
    renderWithProviders(<CartLink />);
    const value = JSON.stringify({ items: cartItems.slice(0, 2) });
    act(() => {
      localStorage.setItem(CART_STORAGE_KEY, value);
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: value }));
    });
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it('throws outside the cart provider, as every context hook does', () => {
    // React reports the error it rethrows; the test needs only the throw.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<CartLink />)).toThrow('useCart must be used within <CartProvider>');
  });
});
