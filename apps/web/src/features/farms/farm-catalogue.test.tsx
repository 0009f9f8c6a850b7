import type { FarmProductsAnswer } from '@furrow/domain/api/farms';
import { FARM_PAGE_FIRST_PRODUCTS } from '@furrow/domain/farm-product-pages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { aFarm, aProduct } from '../../test-fixtures';
import { renderWithProviders } from '../../test-utils';
import { FarmCatalogue } from './farm-catalogue';

const farm = aFarm();

function page(from: number, count: number, total: number, nextCursor: string | null) {
  return {
    products: Array.from({ length: count }, (_, index) =>
      aProduct({ id: crypto.randomUUID(), name: `Product ${from + index}` }),
    ),
    total,
    nextCursor,
  } satisfies FarmProductsAnswer;
}

function renderCatalogue(first: FarmProductsAnswer, ...answers: FarmProductsAnswer[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const answer of answers) fetchMock.mockResolvedValueOnce(Response.json(answer));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <FarmCatalogue
      farm={farm}
      first={first}
      firstAt={Date.now()}
      renderProduct={(product) => (
        <article aria-label={product.name}>
          <h3>
            <Link to={`/products/${product.id}`}>{product.name}</Link>
          </h3>
        </article>
      )}
    />,
  );
  return { fetchMock, user: userEvent.setup() };
}

describe('FarmCatalogue', () => {
  it('shows the first page at once, then more on "Show more", with focus on the first new one', async () => {
    const first = page(0, FARM_PAGE_FIRST_PRODUCTS, 25, 'cursor-1');
    const { fetchMock, user } = renderCatalogue(first, page(FARM_PAGE_FIRST_PRODUCTS, 5, 25, null));
    expect(screen.getAllByRole('article')).toHaveLength(FARM_PAGE_FIRST_PRODUCTS);
    expect(screen.getByText('Showing 20 of 25 products')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Show more products' }));
    await screen.findByRole('article', { name: 'Product 24' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/api/farms/${farm.id}/products?after=cursor-1&limit=40`,
    );
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(screen.getByText('Showing 25 of 25 products')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more products' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Product 20' })).toHaveFocus());
  });

  it('searches and filters a large farm on the server, and offers the whole list back', async () => {
    const first = page(0, FARM_PAGE_FIRST_PRODUCTS, 10_000, 'cursor-1');
    const { fetchMock, user } = renderCatalogue(
      first,
      page(0, 2, 2, null),
      page(0, 0, 0, null),
      // The whole list again: in the tests every answer is stale at once, so it is read anew.
      first,
    );
    expect(screen.getByText('Showing 20 of 10,000 products')).toBeVisible();

    await user.type(screen.getByLabelText("Search this farm's products"), 'kale{Enter}');
    await screen.findByText('Showing 2 of 2 products matching “kale”');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/farms/${farm.id}/products?q=kale&limit=20`);

    await user.selectOptions(screen.getByLabelText('Category'), 'herbs');
    await screen.findByText('Nothing matching “kale” in Herbs at this farm.');
    expect(fetchMock.mock.calls[1]?.[0]).toBe(
      `/api/farms/${farm.id}/products?categorySlug=herbs&q=kale&limit=20`,
    );
    await user.click(screen.getByRole('button', { name: 'Show all products' }));
    expect(await screen.findByText('Showing 20 of 10,000 products')).toBeVisible();
  });

  it('offers no search to a farm whose products fit on one page', () => {
    renderCatalogue(page(0, 3, 3, null));
    expect(screen.queryByLabelText("Search this farm's products")).not.toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 products')).toBeVisible();
  });
});
