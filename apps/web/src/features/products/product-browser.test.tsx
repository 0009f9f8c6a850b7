import type { Product } from '@furrow/domain/api/products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../test-fixtures';
import { renderWithProviders } from '../../test-utils';
import type { RenderNoFarmsNear } from './nearby-products';
import { ProductBrowser } from './product-browser';
import type { RenderCartAction } from './product-card';
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

function renderBrowser(initialPath = '/', noFarmsNear?: RenderNoFarmsNear) {
  const cartAction = vi.fn<RenderCartAction>((product, describedBy) => (
    <button type="button" aria-describedby={describedBy}>
      Add {product.stock} to cart
    </button>
  ));
  const rendered = renderWithProviders(
    <ProductBrowser near={portland} cartAction={cartAction} noFarmsNear={noFarmsNear} />,
    initialPath,
  );
  return { ...rendered, cartAction, user: userEvent.setup() };
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
      screen.getByText(`${NEARBY_PAGE_SIZE + 3} products within 50 km, nearest farms first`),
    ).toBeVisible();
  });

  it('shows name, farm and distance on one line, price per unit, and stock only when it runs low', async () => {
    stubProducts([aProduct()]);
    renderBrowser();
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    const farmLink = within(card).getByRole('link', { name: 'Green Acres' });
    expect(farmLink).toHaveAttribute('href', '/farms/1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c');
    expect(card).toHaveTextContent('Green Acres · 3.2 km away');
    expect(card).toHaveTextContent('$4.50 / lb');
    expect(card).not.toHaveTextContent('12 left');
    expect(within(card).getByRole('link', { name: 'Heirloom tomatoes' })).toHaveAttribute(
      'href',
      '/products/7d2a1f0e-3b8c-4a51-9d6e-2f4b8c1a9e01',
    );
  });

  it('urges when few are left', async () => {
    stubProducts([aProduct({ stock: 3 })]);
    renderBrowser();
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(card).toHaveTextContent('Only 3 left');
  });

  it('offers no add-to-cart for a sold-out product', async () => {
    stubProducts([aProduct({ stock: 0, inStock: false })]);
    const { cartAction } = renderBrowser();
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(card).toHaveTextContent('Sold out for now');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(cartAction).not.toHaveBeenCalled();
  });

  it('offers no add-to-cart before the harvest date, and names it', async () => {
    stubProducts([aProduct({ availableFrom: '2099-06-01' })]);
    const { cartAction } = renderBrowser();
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(card).toHaveTextContent('Harvest from June 1, 2099');
    expect(cartAction).not.toHaveBeenCalled();
  });

  it("puts the cart's control on a card for sale, described by the product's name", async () => {
    stubProducts([aProduct()]);
    renderBrowser();
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    const add = within(card).getByRole('button', { name: 'Add 12 to cart' });
    expect(add).toHaveAccessibleDescription('Heirloom tomatoes');
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

  it('offers a wider radius with what it would find, and the sign-up for news, where no farm is near', async () => {
    const further = [aProduct({ id: crypto.randomUUID() }), aProduct({ id: crypto.randomUUID() })];
    const fetchMock = stubProducts([], further, further);
    const { user } = renderBrowser('/', (near) => <p>Sign-up for {near.label}</p>);
    expect(
      await screen.findByRole('heading', { name: 'No food near Portland, OR yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Sign-up for Portland, OR')).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Show 2 products within 200 km' }));
    expect(await screen.findByText('2 products within 200 km, nearest farms first')).toBeVisible();
    expect(fetchMock.mock.calls[2]?.[0]).toContain('radiusKm=200');
    expect(screen.queryByText('Sign-up for Portland, OR')).not.toBeInTheDocument();
  });

  it('keeps the sign-up for news out of a category that is only empty for now', async () => {
    stubProducts([], []);
    renderBrowser('/?category=honey-preserves', (near) => <p>Sign-up for {near.label}</p>);
    await screen.findByRole('heading', { name: 'No honey & preserves near Portland, OR yet' });
    expect(screen.queryByText('Sign-up for Portland, OR')).not.toBeInTheDocument();
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
