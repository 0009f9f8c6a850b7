import type { Product } from '@furrow/domain/api/products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../test-fixtures';
import { renderWithProviders } from '../../test-utils';
import { ProductBrowser } from './product-browser';
import { NEARBY_PAGE_SIZE } from './use-nearby-products';

const portland = { lat: 45.5152, lng: -122.6784, label: 'Portland, OR' };

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
    const fetchMock = stubProducts([aProduct()]);
    renderBrowser();
    expect(screen.getByText('Loading products…')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/api/products?lat=45.5152&long=-122.6784&limit=${NEARBY_PAGE_SIZE}&offset=0`,
    );
  });

  it('loads the next page on "Show more" until a page comes back short', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) =>
        aProduct({ id: crypto.randomUUID(), name: `Product ${from + index}` }),
      );
    const fetchMock = stubProducts(page(0, NEARBY_PAGE_SIZE), page(NEARBY_PAGE_SIZE, 3));
    const { user } = renderBrowser();
    await screen.findByRole('article', { name: 'Product 0' });
    expect(screen.getByText(`The nearest ${NEARBY_PAGE_SIZE} products within 50 km`)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('article', { name: `Product ${NEARBY_PAGE_SIZE + 2}` });
    expect(fetchMock.mock.calls[1]?.[0]).toContain(`offset=${NEARBY_PAGE_SIZE}`);
    expect(screen.getAllByRole('article')).toHaveLength(NEARBY_PAGE_SIZE + 3);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(
      screen.getByText(`${NEARBY_PAGE_SIZE + 3} products within 50 km, nearest first`),
    ).toBeVisible();
  });

  it('shows name, farm, distance, price per unit and stock on each card', async () => {
    stubProducts([aProduct()]);
    renderBrowser();
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    const farmLink = within(card).getByRole('link', { name: 'Green Acres' });
    expect(farmLink).toHaveAttribute('href', '/farms/1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c');
    expect(card).toHaveTextContent('Hillsboro, OR · 3.2 km away');
    expect(card).toHaveTextContent('$4.50 / lb');
    expect(card).toHaveTextContent('12 left');
  });

  it('marks a sold-out product and does not let it be added', async () => {
    stubProducts([aProduct({ stock: 0, inStock: false })]);
    renderBrowser();
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(card).toHaveTextContent('Sold out');
    expect(within(card).getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('hands the product to onAddToCart', async () => {
    stubProducts([aProduct()]);
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
    const fetchMock = stubProducts([aProduct()], [aProduct({ name: 'Sourdough loaf' })]);
    const { router, user } = renderBrowser();
    await screen.findByRole('article', { name: 'Heirloom tomatoes' });

    await user.click(screen.getByRole('button', { name: 'Bakery' }));
    await screen.findByRole('article', { name: 'Sourdough loaf' });
    expect(fetchMock.mock.calls[1]?.[0]).toBe(
      `/api/products?lat=45.5152&long=-122.6784&categorySlug=bakery&limit=${NEARBY_PAGE_SIZE}&offset=0`,
    );
    expect(router.state.location.search).toBe('?category=bakery');
    expect(screen.getByRole('button', { name: 'Bakery' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores an unknown category in the URL', async () => {
    const fetchMock = stubProducts([aProduct()]);
    renderBrowser('/?category=spaceships');
    await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/api/products?lat=45.5152&long=-122.6784&limit=${NEARBY_PAGE_SIZE}&offset=0`,
    );
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
      [aProduct()],
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
