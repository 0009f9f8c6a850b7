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
    const stock = await screen.findByRole('spinbutton', { name: 'Heirloom tomatoes in stock' });
    expect(stock).toHaveValue(1);
    await user.click(screen.getByRole('button', { name: 'Add one Heirloom tomatoes to stock' }));
    await waitFor(() => expect(stock).toHaveValue(2));
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
    const stock = await screen.findByRole('spinbutton', { name: 'Heirloom tomatoes in stock' });
    await user.click(screen.getByRole('button', { name: 'Take one Heirloom tomatoes from stock' }));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    await waitFor(() => expect(toasts).toHaveTextContent('Insufficient stock'));
    expect(stock).toHaveValue(1);
  });

  it('saves a typed stock on Enter, shown at once, and sends it as the new stock', async () => {
    const fetchMock = stubJsonAnswers(
      { body: { products: [product({ stock: 1 })] } },
      { body: { message: 'Stock updated', product: product({ stock: 40 }) } },
      { body: { products: [product({ stock: 40 })] } },
    );
    const user = renderProducts();
    const stock = await screen.findByRole('spinbutton', { name: 'Heirloom tomatoes in stock' });
    expect(stock).toHaveAttribute('min', '0');
    expect(stock).toHaveAttribute('step', '1');
    await user.clear(stock);
    await user.type(stock, '40{Enter}');
    expect(stock).toHaveValue(40);
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(1));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe(`/api/products/${product().id}/stock`);
    expect(JSON.parse(String(init?.body))).toEqual({ stock: 40 });
  });

  it('saves a typed stock when the field is left, and puts it back when the server refuses', async () => {
    const fetchMock = stubJsonAnswers(
      { body: { products: [product({ stock: 3 })] } },
      {
        status: 403,
        body: {
          message: 'You can only update stock for your own products',
          code: 'NOT_OWNER_STOCK',
        },
      },
      { body: { products: [product({ stock: 3 })] } },
    );
    const user = renderProducts();
    const stock = await screen.findByRole('spinbutton', { name: 'Heirloom tomatoes in stock' });
    await user.clear(stock);
    await user.type(stock, '9');
    await user.tab();
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(1));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ stock: 9 });
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    await waitFor(() =>
      expect(toasts).toHaveTextContent('You can only update stock for your own products'),
    );
    await waitFor(() => expect(stock).toHaveValue(3));
  });

  it.each([
    ['-2', 'Enter a whole number from 0 to 1,000,000.'],
    ['2.5', 'Enter a whole number from 0 to 1,000,000.'],
    ['', 'Stock is required. Enter a whole number from 0 to 1,000,000.'],
  ])(
    'says what is wrong with a typed %j and sends nothing; Escape puts the stock back',
    async (typed, message) => {
      const fetchMock = stubJsonAnswers({ body: { products: [product({ stock: 5 })] } });
      const user = renderProducts();
      const stock = await screen.findByRole('spinbutton', { name: 'Heirloom tomatoes in stock' });
      await user.clear(stock);
      if (typed) await user.type(stock, typed);
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(stock).toHaveAttribute('aria-invalid', 'true');
      expect(stock).toHaveAccessibleDescription(message);
      await user.keyboard('{Escape}');
      expect(stock).toHaveValue(5);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    },
  );

  it('changes the stock of several products at once, in one request with only the changed ones', async () => {
    const peppers = product({
      id: '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      name: 'Sweet peppers',
      stock: 8,
    });
    const fetchMock = stubJsonAnswers(
      { body: { products: [product({ stock: 1 }), peppers] } },
      {
        body: {
          message: 'Stock updated for 1 product',
          products: [product({ stock: 12 })],
        },
      },
      { body: { products: [product({ stock: 12 }), peppers] } },
    );
    const user = renderProducts();
    await user.click(await screen.findByRole('button', { name: 'Change stock' }));
    const tomatoes = screen.getByRole('spinbutton', { name: 'New stock of Heirloom tomatoes' });
    expect(tomatoes).toHaveValue(1);
    expect(screen.getByRole('spinbutton', { name: 'New stock of Sweet peppers' })).toHaveValue(8);
    await user.clear(tomatoes);
    await user.type(tomatoes, '12');
    expect(screen.getByText('1 product changed, not saved yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save stock' }));

    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(1));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe(`/api/farms/${farm.id}/stock`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      lines: [{ productId: product().id, stock: 12 }],
    });
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    await waitFor(() => expect(toasts).toHaveTextContent('Stock updated for 1 product'));
    expect(
      await screen.findByRole('spinbutton', { name: 'Heirloom tomatoes in stock' }),
    ).toHaveValue(12);
    expect(screen.queryByRole('button', { name: 'Save stock' })).toBeNull();
  });

  it('keeps what was typed and marks the row the server names when it refuses the whole change', async () => {
    const peppers = product({
      id: '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      name: 'Sweet peppers',
      stock: 8,
    });
    const refusal = {
      message: 'Product not found',
      code: 'PRODUCT_NOT_FOUND',
      details: [
        {
          field: 'lines.1.productId',
          message: 'Green Acres has no product with this id',
          productId: peppers.id,
        },
      ],
    };
    const fetchMock = stubJsonAnswers(
      { body: { products: [product({ stock: 1 }), peppers] } },
      { status: 404, body: refusal },
      { body: { products: [product({ stock: 1 }), peppers] } },
    );
    const user = renderProducts();
    await user.click(await screen.findByRole('button', { name: 'Change stock' }));
    const tomatoes = screen.getByRole('spinbutton', { name: 'New stock of Heirloom tomatoes' });
    const pepperField = screen.getByRole('spinbutton', { name: 'New stock of Sweet peppers' });
    await user.clear(tomatoes);
    await user.type(tomatoes, '6');
    await user.clear(pepperField);
    await user.type(pepperField, '0{Enter}');

    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(1));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    await waitFor(() => expect(toasts).toHaveTextContent('Product not found'));
    expect(pepperField).toHaveAccessibleDescription('Green Acres has no product with this id');
    expect(tomatoes).toHaveValue(6);
    expect(pepperField).toHaveValue(0);
    expect(screen.getByRole('button', { name: 'Save stock' })).toBeEnabled();
  });

  it('points at a row whose typed number is no stock count, and sends nothing', async () => {
    const fetchMock = stubJsonAnswers({
      body: {
        products: [
          product(),
          product({ id: '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', name: 'Leeks' }),
        ],
      },
    });
    const user = renderProducts();
    await user.click(await screen.findByRole('button', { name: 'Change stock' }));
    const leeks = screen.getByRole('spinbutton', { name: 'New stock of Leeks' });
    await user.clear(leeks);
    await user.click(screen.getByRole('button', { name: 'Save stock' }));
    expect(leeks).toHaveFocus();
    expect(leeks).toHaveAccessibleDescription(
      'Stock is required. Enter a whole number from 0 to 1,000,000.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByRole('spinbutton', { name: /in stock$/ })).toHaveLength(2);
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
    await screen.findByRole('spinbutton', { name: 'Heirloom tomatoes in stock' });
    await user.click(await screen.findByRole('button', { name: 'Delete Heirloom tomatoes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Heirloom tomatoes?' });
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
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Heirloom tomatoes?' });
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
