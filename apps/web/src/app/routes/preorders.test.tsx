import type { PreOrder } from '@furrow/domain/api/preorders';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { aProduct, customer, farmer } from '../../test-fixtures';
import { loadScreens, notifications, renderRoutes, storeSession } from '../../test-utils';
import { routes } from '../router';

const corn = aProduct({
  id: '5b7d9f1a-3c5e-4a7c-9e1a-3c5e7a9c1e3a',
  name: 'Sweet corn',
  unit: 'dozen',
  stock: 0,
  inStock: false,
  availableFrom: '2099-07-15',
});

function aPreorder(overrides: Partial<PreOrder> = {}): PreOrder {
  return {
    id: '6c8e0a2b-4d6f-4b8d-0f2b-4d6f8b0d2f4b',
    status: 'pending',
    quantity: 2,
    product: {
      id: corn.id,
      name: corn.name,
      unit: corn.unit,
      price: 8,
      availableFrom: corn.availableFrom,
      farm: { id: corn.farm.id, name: corn.farm.name },
    },
    customer: { id: customer.id, name: customer.name },
    order: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    filledAt: null,
    ...overrides,
  };
}

type Route = (
  method: string,
  path: string,
  body: unknown,
) => { status?: number; body: unknown } | undefined;

/** The server by method and path; `me` is the signed-in user the session check answers. */
function stubServer(route: Route, me = customer) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/me') return Response.json({ user: me });
    const answer = route(
      method,
      url.pathname,
      init?.body ? JSON.parse(String(init.body)) : undefined,
    );
    return answer
      ? Response.json(answer.body, { status: answer.status ?? 200 })
      : Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('pre-orders', () => {
  beforeAll(loadScreens);

  it('lists them, changes a quantity and cancels one, each with a toast', async () => {
    const filled = aPreorder({
      id: '7d9f1b3c-5e7a-4c9e-8a3c-5e7a9c1e3a5c',
      status: 'filled',
      quantity: 1,
      order: { id: '8e0a2c4d-6f8b-4d0f-9b4d-6f8b0d2f4b6d', number: 'F-10009' },
    });
    stubServer((method, path, body) => {
      if (method === 'GET' && path === '/api/preorders')
        return { body: { preOrders: [aPreorder(), filled] } };
      if (method === 'PUT') {
        const { quantity } = body as { quantity: number };
        return { body: { message: 'Pre-order updated', preOrder: aPreorder({ quantity }) } };
      }
      if (method === 'DELETE') {
        return {
          body: {
            message: 'Pre-order cancelled',
            preOrder: aPreorder({ quantity: 5, status: 'cancelled' }),
          },
        };
      }
      return undefined;
    });
    storeSession(customer);
    renderRoutes(routes, '/preorders');
    const user = userEvent.setup();

    const waiting = await screen.findByRole('article', { name: '2 × Sweet corn' });
    expect(waiting).toHaveTextContent('Waiting for stock');
    expect(waiting).toHaveTextContent('harvest from July 15, 2099');
    const done = screen.getByRole('article', { name: '1 × Sweet corn' });
    expect(done).toHaveTextContent('Became an order');
    expect(within(done).getByRole('link', { name: 'F-10009' })).toHaveAttribute(
      'href',
      '/orders/8e0a2c4d-6f8b-4d0f-9b4d-6f8b0d2f4b6d',
    );
    expect(
      within(done).queryByRole('button', { name: 'Cancel pre-order' }),
    ).not.toBeInTheDocument();

    const quantity = within(waiting).getByLabelText('Quantity of Sweet corn');
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(within(waiting).getByRole('button', { name: 'Save' }));
    expect(await (await notifications()).findByText('Pre-order updated')).toBeInTheDocument();
    const changed = screen.getByRole('article', { name: '5 × Sweet corn' });

    await user.click(within(changed).getByRole('button', { name: 'Cancel pre-order' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Cancel your pre-order of Sweet corn?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel pre-order' }));
    expect(await (await notifications()).findByText('Pre-order cancelled')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '5 × Sweet corn' })).toHaveTextContent('Cancelled');
  });

  it('says what went wrong and loads again on request', async () => {
    let fail = true;
    stubServer((_method, path) => {
      if (path !== '/api/preorders') return undefined;
      if (fail) return { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } };
      return { body: { preOrders: [] } };
    });
    storeSession(customer);
    renderRoutes(routes, '/preorders');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your pre-orders. Internal error');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No pre-orders yet' })).toBeInTheDocument();
  });

  it('offers Pre-order instead of Add to cart for a product not harvested yet', async () => {
    const fetchMock = stubServer((method, path, body) => {
      if (method === 'GET' && path === `/api/products/${corn.id}`)
        return { body: { product: corn } };
      if (method === 'POST' && path === '/api/preorders') {
        const { quantity } = body as { quantity: number };
        return {
          status: 201,
          body: { message: 'Pre-order placed', preOrder: aPreorder({ quantity }) },
        };
      }
      return undefined;
    });
    storeSession(customer);
    renderRoutes(routes, `/products/${corn.id}`);
    const user = userEvent.setup();

    const howMany = await screen.findByLabelText('How many (dozen)');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/becomes your order when it is harvested \(from July 15, 2099\)/),
    ).toBeInTheDocument();
    await user.clear(howMany);
    await user.type(howMany, '3');
    await user.click(screen.getByRole('button', { name: 'Pre-order' }));
    expect(await (await notifications()).findByText('Pre-order placed')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ productId: corn.id, quantity: 3 });
  });

  it('asks a guest to sign in to pre-order', async () => {
    stubServer((method, path) =>
      method === 'GET' && path === `/api/products/${corn.id}`
        ? { body: { product: corn } }
        : undefined,
    );
    renderRoutes(routes, `/products/${corn.id}`);
    expect(await screen.findByRole('link', { name: 'Sign in to pre-order' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('offers a farmer no pre-order', async () => {
    stubServer(
      (method, path) =>
        method === 'GET' && path === `/api/products/${corn.id}`
          ? { body: { product: corn } }
          : undefined,
      farmer,
    );
    storeSession(farmer);
    renderRoutes(routes, `/products/${corn.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Sweet corn' });
    expect(screen.queryByRole('button', { name: 'Pre-order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to pre-order' })).not.toBeInTheDocument();
  });
});
