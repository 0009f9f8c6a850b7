import type { Product } from '@furrow/domain/api/products';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { aProduct } from '../../test-fixtures';
import { loadScreens, notifications, renderRoutes, stubJsonAnswers } from '../../test-utils';
import { routes } from '../router';

const product = aProduct({ stock: 3 });

function renderProductPage(answer: Product | { status: number; body: unknown } = product) {
  const fetchMock = stubJsonAnswers('id' in answer ? { body: { product: answer } } : answer);
  renderRoutes(routes, `/products/${product.id}`);
  return { fetchMock, user: userEvent.setup() };
}

describe('the product page', () => {
  beforeAll(loadScreens);

  it('shows the product, its farm and how far it is from where the shopper browses', async () => {
    const { fetchMock } = renderProductPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Heirloom tomatoes' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/api/products/${product.id}?lat=45.5152&long=-122.6784`,
    );
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Green Acres' })).toHaveAttribute(
      'href',
      `/farms/${product.farm.id}`,
    );
    expect(main.getByText('3.2 km away from Portland, OR')).toBeInTheDocument();
    expect(main.getByText('$4.50 / lb')).toBeInTheDocument();
    expect(main.getByText('Only 3 left')).toBeInTheDocument();
    expect(main.getByText('Vegetables')).toBeInTheDocument();
    expect(main.getByText('Sweet, juicy and mixed colours.')).toBeInTheDocument();
    expect(document.title).toBe('Heirloom tomatoes · Furrow');
  });

  it('adds the chosen quantity, stepping no further than the stock', async () => {
    const { user } = renderProductPage();
    const more = await screen.findByRole('button', { name: 'One more Heirloom tomatoes' });
    await user.click(more);
    await user.click(more);
    expect(more).toHaveAttribute('aria-disabled', 'true');
    await user.click(more);
    expect(screen.getByRole('status', { name: 'Quantity of Heirloom tomatoes' })).toHaveTextContent(
      '3',
    );

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      // The toast shows once its action's code has come (it travels with the toast area's).
      await (await notifications()).findByText('3 × Heirloom tomatoes from Green Acres'),
    ).toBeInTheDocument();
    expect((await notifications()).getByRole('link', { name: 'View cart' })).toHaveAttribute(
      'href',
      '/cart',
    );
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    // All of the stock is in the cart: nothing more to add, only the way to the cart.
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.getByText('All 3 they have are in your cart.')).toBeInTheDocument();
  });

  it('offers no add-to-cart when sold out', async () => {
    renderProductPage(aProduct({ stock: 0, inStock: false }));
    expect(await screen.findByText('Sold out')).toBeInTheDocument();
    expect(screen.getByText(/Sold out for now/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('gives the harvest date of upcoming produce, and no add-to-cart', async () => {
    renderProductPage(aProduct({ availableFrom: '2099-06-01' }));
    expect(
      await screen.findByText('Not harvested yet: for sale from June 1, 2099.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('says so when the product does not exist', async () => {
    renderProductPage({
      status: 404,
      body: { message: 'Product not found', code: 'PRODUCT_NOT_FOUND' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Product not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse food near you' })).toHaveAttribute('href', '/');
  });
});
