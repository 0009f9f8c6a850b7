import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notifications, renderWithProviders } from '../../test-utils';
import { CART_STORAGE_KEY } from './cart-storage';
import { storeCart } from './cart-test-items';
import { CartView } from './cart-view';

function renderCart() {
  renderWithProviders(<CartView />, '/cart', { toaster: true });
  return userEvent.setup();
}

const storedQuantities = () =>
  Object.fromEntries(
    JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{"items":[]}').items.map(
      (item: { productId: string; quantity: number }) => [item.productId, item.quantity],
    ),
  );

describe('CartView', () => {
  it('groups the lines by farm with subtotals, and totals price times quantity', () => {
    storeCart();
    renderCart();
    expect(screen.getByText(/^4 items from 2 farms/)).toHaveTextContent(
      '4 items from 2 farms · $20.00',
    );

    const greenAcres = screen.getByRole('region', { name: 'Green Acres' });
    expect(within(greenAcres).getByRole('link', { name: 'Green Acres' })).toHaveAttribute(
      'href',
      '/farms/green-acres',
    );
    const lines = within(greenAcres).getAllByRole('listitem');
    expect(lines.map((line) => within(line).getByRole('link').textContent)).toEqual([
      'Heirloom tomatoes',
      'Basil',
    ]);
    expect(lines[0]).toHaveTextContent('$4.50 / lb');
    expect(lines[0]).toHaveTextContent('Line total: $9.00');
    expect(greenAcres).toHaveTextContent('Subtotal from Green Acres$12.00');

    const riseFarm = screen.getByRole('region', { name: 'Rise Farm' });
    expect(riseFarm).toHaveTextContent('Subtotal from Rise Farm$8.00');
    expect(screen.getByText('Total').parentElement).toHaveTextContent('Total$20.00');
    expect(screen.queryByRole('button', { name: /checkout/i })).not.toBeInTheDocument();
  });

  it('steps a quantity up to the stock and no further, and down to one', async () => {
    storeCart();
    const user = renderCart();
    const more = screen.getByRole('button', { name: 'One more Heirloom tomatoes' });
    await user.click(more);
    expect(more).toHaveAttribute('aria-disabled', 'true');
    // One press past the stock changes nothing and says nothing (product rules: cart and checkout).
    await user.click(more);
    expect(screen.getByRole('status', { name: 'Quantity of Heirloom tomatoes' })).toHaveTextContent(
      '3',
    );
    expect(more).toHaveFocus();
    expect(storedQuantities().tomatoes).toBe(3);
    expect(screen.getByText('Total').parentElement).toHaveTextContent('$24.50');

    const less = screen.getByRole('button', { name: 'One less Heirloom tomatoes' });
    await user.click(less);
    await user.click(less);
    expect(less).toHaveAttribute('aria-disabled', 'true');
    await user.click(less);
    expect(storedQuantities().tomatoes).toBe(1);
  });

  it('removes a line, says so, and can put it back', async () => {
    storeCart();
    const user = renderCart();
    await user.click(screen.getByRole('button', { name: 'Remove Sourdough loaf' }));
    expect(screen.queryByRole('region', { name: 'Rise Farm' })).not.toBeInTheDocument();
    expect(storedQuantities()).toEqual({ tomatoes: 2, basil: 1 });
    expect((await notifications()).getByText('Removed from cart')).toBeInTheDocument();

    await user.click((await notifications()).getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('region', { name: 'Rise Farm' })).toBeInTheDocument();
    expect(storedQuantities()).toEqual({ tomatoes: 2, basil: 1, sourdough: 1 });
  });

  it('empties the cart only once the shopper confirms', async () => {
    storeCart();
    const user = renderCart();
    await user.click(screen.getByRole('button', { name: 'Empty cart' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Empty your cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('region', { name: 'Green Acres' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Empty cart' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Empty cart' }),
    );
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(storedQuantities()).toEqual({});
  });

  it('leads an empty cart back to shopping', () => {
    renderCart();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse food near you' })).toHaveAttribute('href', '/');
  });
});
