import type { Product } from '@furrow/domain/api/products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { ProductBrowser } from './product-browser';

const portland = { lat: 45.5152, lng: -122.6784, label: 'Portland, OR' };

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: '7d2a1f0e-3b8c-4a51-9d6e-2f4b8c1a9e01',
    farmId: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c',
    farmerId: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'Heirloom tomatoes',
    description: 'Sweet, juicy and mixed colours.',
    price: 4.5,
    unit: 'lb',
    categorySlug: 'vegetables',
    stock: 12,
    inStock: true,
    images: [],
    availableFrom: null,
    lastStockUpdate: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    updatedBy: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    farmer: { id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Ana Rivera' },
    farm: {
      id: '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c',
      name: 'Green Acres',
      city: 'Hillsboro',
      region: 'OR',
    },
    distanceKm: 3.21,
    ...overrides,
  };
}

function stubProducts(...answers: Array<Product[] | Response>) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const answer of answers) {
    fetchMock.mockResolvedValueOnce(
      answer instanceof Response ? answer : Response.json({ products: answer }),
    );
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderBrowser(initialPath = '/') {
  const onAddToCart = vi.fn();
  const rendered = renderWithProviders(
    <ProductBrowser near={portland} onAddToCart={onAddToCart} />,
    initialPath,
  );
  return { ...rendered, onAddToCart, user: userEvent.setup() };
}

describe('ProductBrowser', () => {
  it('asks for products near the location and shows skeletons meanwhile', async () => {
    const fetchMock = stubProducts([product()]);
    renderBrowser();
    expect(screen.getByText('Loading products…')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/products?lat=45.5152&long=-122.6784');
  });

  it('shows name, farm, distance, price per unit and stock on each card', async () => {
    stubProducts([product()]);
    renderBrowser();
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    const farmLink = within(card).getByRole('link', { name: 'Green Acres' });
    expect(farmLink).toHaveAttribute('href', '/farms/1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c');
    expect(card).toHaveTextContent('Hillsboro, OR · 3.2 km away');
    expect(card).toHaveTextContent('$4.50 / lb');
    expect(card).toHaveTextContent('12 left');
  });

  it('marks a sold-out product and does not let it be added', async () => {
    stubProducts([product({ stock: 0, inStock: false })]);
    renderBrowser();
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(card).toHaveTextContent('Sold out');
    expect(within(card).getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('hands the product to onAddToCart', async () => {
    stubProducts([product()]);
    const { onAddToCart, user } = renderBrowser();
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    const add = within(card).getByRole('button', { name: 'Add to cart' });
    expect(add).toHaveAccessibleDescription('Heirloom tomatoes');
    await user.click(add);
    expect(onAddToCart).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Heirloom tomatoes' }),
    );
  });

  it('filters by category through the URL', async () => {
    const fetchMock = stubProducts([product()], [product({ name: 'Sourdough loaf' })]);
    const { router, user } = renderBrowser();
    await screen.findByRole('article', { name: 'Heirloom tomatoes' });

    await user.click(screen.getByRole('button', { name: 'Bakery' }));
    await screen.findByRole('article', { name: 'Sourdough loaf' });
    expect(fetchMock.mock.calls[1]?.[0]).toBe(
      '/api/products?lat=45.5152&long=-122.6784&categorySlug=bakery',
    );
    expect(router.state.location.search).toBe('?category=bakery');
    expect(screen.getByRole('button', { name: 'Bakery' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores an unknown category in the URL', async () => {
    const fetchMock = stubProducts([product()]);
    renderBrowser('/?category=spaceships');
    await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/products?lat=45.5152&long=-122.6784');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says what to do next when nothing is near', async () => {
    stubProducts([], []);
    const { user, router } = renderBrowser('/?category=honey-preserves');
    expect(
      await screen.findByRole('heading', { name: 'No honey & preserves near Portland, OR yet' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all categories' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows a network failure as the client words it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')),
    );
    renderBrowser();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't reach Furrow.");
  });

  it('shows a server error and retries on request', async () => {
    const fetchMock = stubProducts(
      Response.json({ message: 'Internal error', code: 'INTERNAL' }, { status: 500 }),
      [product()],
    );
    const { user } = renderBrowser();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load products");
    expect(alert).toHaveTextContent('Something went wrong on our side.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
