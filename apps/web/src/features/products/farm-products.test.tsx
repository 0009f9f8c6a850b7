import type { Product } from '@furrow/domain/api/products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { aProduct } from '../../test-fixtures';
import { renderWithProviders, stubJsonAnswers } from '../../test-utils';
import { FarmProducts } from './farm-products';

const farm = { id: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c', name: 'Green Acres' };

const product = (overrides: Partial<Product> = {}) =>
  aProduct({ description: '', stock: 1, distanceKm: null, ...overrides });

function renderProducts() {
  renderWithProviders(
    <>
      <FarmProducts farm={farm} />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

describe('FarmProducts', () => {
  it('tells a farmer with no products what to do next', async () => {
    stubJsonAnswers({ body: { products: [] } });
    renderProducts();
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add your first product' })).toBeEnabled();
  });

  it('changes the stock at once with + and sends the delta', async () => {
    const fetchMock = stubJsonAnswers(
      { body: { products: [product({ stock: 1 })] } },
      { body: { message: 'Stock updated', product: product({ stock: 2 }) } },
      { body: { products: [product({ stock: 2 })] } },
    );
    const user = renderProducts();
    const stock = await screen.findByRole('status', { name: 'Heirloom tomatoes in stock' });
    expect(stock).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Add one Heirloom tomatoes to stock' }));
    await waitFor(() => expect(stock).toHaveTextContent('2'));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe(`/api/products/${product().id}/stock`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ delta: 1 });
  });

  it("undoes a refused change and shows the server's message", async () => {
    stubJsonAnswers(
      { body: { products: [product({ stock: 1 })] } },
      { status: 409, body: { message: 'Insufficient stock', code: 'INSUFFICIENT_STOCK' } },
      { body: { products: [product({ stock: 1 })] } },
    );
    const user = renderProducts();
    const stock = await screen.findByRole('status', { name: 'Heirloom tomatoes in stock' });
    await user.click(screen.getByRole('button', { name: 'Take one Heirloom tomatoes from stock' }));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    await waitFor(() => expect(toasts).toHaveTextContent('Insufficient stock'));
    expect(stock).toHaveTextContent('1');
  });

  it('keeps the delete dialog open with the reason when the server refuses', async () => {
    stubJsonAnswers(
      { body: { products: [product()] } },
      {
        status: 409,
        body: { message: 'Cannot delete product with active orders', code: 'PRODUCT_HAS_ORDERS' },
      },
    );
    const user = renderProducts();
    await screen.findByRole('status', { name: 'Heirloom tomatoes in stock' });
    await user.click(await screen.findByRole('button', { name: 'Delete Heirloom tomatoes' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Heirloom tomatoes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cannot delete product with active orders',
    );
    expect(within(dialog).getByText(/Hide it from your shop instead/)).toBeVisible();
  });

  it('offers hiding instead when a product cannot be deleted, and sends it', async () => {
    const fetchMock = stubJsonAnswers(
      { body: { products: [product()] } },
      {
        status: 409,
        body: { message: 'Cannot delete product with active orders', code: 'PRODUCT_HAS_ORDERS' },
      },
      {
        body: {
          message: 'Heirloom tomatoes is hidden from your shop',
          product: product({ hiddenByFarmer: true }),
        },
      },
      { body: { products: [product({ hiddenByFarmer: true })] } },
    );
    const user = renderProducts();
    await user.click(await screen.findByRole('button', { name: 'Delete Heirloom tomatoes' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Heirloom tomatoes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Hide from shop' }));
    const [url, init] = fetchMock.mock.calls[2] ?? [];
    expect(url).toBe(`/api/products/${product().id}/visibility`);
    expect(JSON.parse(String(init?.body))).toEqual({ hidden: true });
    expect(await screen.findByText('Hidden from shop')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Show in shop: Heirloom tomatoes' })).toBeEnabled();
  });

  it("marks the products the plan's limit hides, and offers no button that cannot show them", async () => {
    stubJsonAnswers({ body: { products: [product({ hiddenByPlan: true })] } });
    renderProducts();
    expect(await screen.findByText("Hidden: over your plan's limit")).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide from shop: Heirloom tomatoes' })).toBeEnabled();
  });
});
