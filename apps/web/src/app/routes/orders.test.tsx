import type { Order } from '@furrow/domain/api/orders';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { aFarm, customer, farmer } from '../../test-fixtures';
import { loadScreens, notifications, renderRoutes, storeSession } from '../../test-utils';
import { routes } from '../router';

const farm = aFarm();

function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    number: 'F-10001',
    status: 'placed',
    farm: { id: farm.id, name: farm.name },
    customer: { id: customer.id, name: customer.name },
    lines: [
      {
        productId: '7d2a1f0e-3b8c-4a51-9d6e-2f4b8c1a9e01',
        name: 'Heirloom tomatoes',
        unit: 'lb',
        price: 4.5,
        quantity: 2,
        lineTotal: 9,
      },
    ],
    subtotal: 9,
    deliveryFee: 0,
    total: 9,
    payment: 'pay_at_pickup',
    paymentStatus: 'unpaid',
    paymentUrl: null,
    paymentDueAt: null,
    fulfilment: {
      method: 'pickup',
      slot: {
        id: 'w:2026-11-28',
        date: '2026-11-28',
        from: '09:00',
        to: '13:00',
        place: 'Farm stand',
        startsAt: '2026-11-28T17:00:00.000Z',
        endsAt: '2026-11-28T21:00:00.000Z',
      },
      instructions: '',
    },
    note: 'Ring twice',
    history: [
      { status: 'placed', at: '2026-11-23T10:00:00.000Z', byRole: 'customer', reason: null },
    ],
    preorderId: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

type Route = (
  method: string,
  url: URL,
  body: unknown,
) => { status?: number; body: unknown } | undefined;

function stubServer(me: typeof customer, route: Route) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/me') return Response.json({ user: me });
    const answer = route(
      init?.method ?? 'GET',
      url,
      init?.body ? JSON.parse(String(init.body)) : undefined,
    );
    return answer
      ? Response.json(answer.body, { status: answer.status ?? 200 })
      : Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const patches = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([input, init]) => [String(input), JSON.parse(String(init?.body))]);

describe("the customer's orders", () => {
  beforeAll(loadScreens);

  it('lists orders with number, farm, status, total and pickup', async () => {
    stubServer(customer, (_method, url) =>
      url.pathname === '/api/orders' ? { body: { orders: [anOrder()], total: 1 } } : undefined,
    );
    storeSession(customer);
    renderRoutes(routes, '/orders');
    const order = await screen.findByRole('article', { name: 'F-10001 · Green Acres' });
    expect(order).toHaveTextContent('Placed');
    expect(order).toHaveTextContent('$9.00');
    expect(order).toHaveTextContent(
      'Pickup Sat, November 28, 2026, 9:00 AM – 1:00 PM at Farm stand',
    );
    expect(order).toHaveTextContent('2 × Heirloom tomatoes');
  });

  it('offers to pay a card order awaiting payment, from the list and from its page', async () => {
    const waiting = anOrder({
      status: 'awaiting_payment',
      payment: 'card',
      paymentStatus: 'pending',
      paymentUrl: 'http://localhost/sandbox/checkout/cs_sandbox_1',
      paymentDueAt: '2026-11-23T10:30:00.000Z',
      history: [
        {
          status: 'awaiting_payment',
          at: '2026-11-23T10:00:00.000Z',
          byRole: 'customer',
          reason: null,
        },
      ],
    });
    stubServer(customer, (_method, url) => {
      if (url.pathname === '/api/orders') return { body: { orders: [waiting], total: 1 } };
      if (url.pathname === `/api/orders/${waiting.id}`) return { body: { order: waiting } };
      return undefined;
    });
    storeSession(customer);
    renderRoutes(routes, '/orders');
    const card = await screen.findByRole('article', { name: 'F-10001 · Green Acres' });
    expect(card).toHaveTextContent('Awaiting payment');
    expect(within(card).getByRole('link', { name: 'Pay F-10001 by card' })).toHaveAttribute(
      'href',
      waiting.paymentUrl,
    );
    await userEvent
      .setup()
      .click(within(card).getByRole('link', { name: /F-10001 · Green Acres/ }));
    expect(await screen.findByText(/^Waiting for your card payment\. Pay by/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pay $9.00 by card' })).toHaveAttribute(
      'href',
      waiting.paymentUrl,
    );
    // Giving it up is the customer's to do; its food goes back on the shelf.
    expect(screen.getByRole('button', { name: /Cancel order/ })).toBeVisible();
  });

  it('shows the timeline and cancels a placed order after asking', async () => {
    const cancelled = anOrder({
      status: 'cancelled',
      history: [
        ...anOrder().history,
        { status: 'cancelled', at: '2026-11-23T11:00:00.000Z', byRole: 'customer', reason: null },
      ],
    });
    let current = anOrder();
    const fetchMock = stubServer(customer, (method, url) => {
      if (method === 'PATCH') {
        current = cancelled;
        return { body: { message: 'Order F-10001 is cancelled', order: cancelled } };
      }
      if (url.pathname === `/api/orders/${anOrder().id}`) return { body: { order: current } };
      return undefined;
    });
    storeSession(customer);
    renderRoutes(routes, `/orders/${anOrder().id}`);
    const user = userEvent.setup();

    await screen.findByRole('heading', { level: 1, name: 'Order F-10001' });
    expect(screen.getByText('Waiting for Green Acres to confirm it.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Timeline' }).parentElement).toHaveTextContent(
      /Placed.*November 23, 2026/,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel order F-10001?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(await (await notifications()).findByText('Order F-10001 cancelled')).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([
      [`/api/orders/${anOrder().id}/status`, { status: 'cancelled' }],
    ]);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('offers no cancel once the farm has confirmed', async () => {
    stubServer(customer, (_method, url) =>
      url.pathname === `/api/orders/${anOrder().id}`
        ? { body: { order: anOrder({ status: 'confirmed' }) } }
        : undefined,
    );
    storeSession(customer);
    renderRoutes(routes, `/orders/${anOrder().id}`);
    await screen.findByRole('heading', { level: 1, name: 'Order F-10001' });
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });
});

describe("the farmer's orders", () => {
  function renderFarmerOrders(route?: Route) {
    const fetchMock = stubServer(farmer, (method, url, body) => {
      const answer = route?.(method, url, body);
      if (answer) return answer;
      if (url.pathname === '/api/shop/get_all') return { body: { shops: [farm] } };
      if (url.pathname === '/api/preorders') return { body: { preOrders: [] } };
      if (url.pathname === `/api/farms/${farm.id}/pick-list`) {
        return {
          body: {
            // Without a date the server answers the farm's next day with open orders.
            date: url.searchParams.get('date') ?? '2026-11-28',
            farm: { id: farm.id, name: farm.name },
            upcoming: [{ date: '2026-11-28', orders: 1 }],
            products: [
              {
                productId: anOrder().lines[0]?.productId,
                name: 'Heirloom tomatoes',
                unit: 'lb',
                quantity: 2,
                orderCount: 1,
              },
            ],
            orders: [
              {
                number: 'F-10001',
                customerName: customer.name,
                status: 'placed',
                method: 'pickup',
                time: '09:00',
                place: 'Farm stand',
                note: '',
                lines: [
                  {
                    productId: anOrder().lines[0]?.productId,
                    name: 'Heirloom tomatoes',
                    unit: 'lb',
                    quantity: 2,
                  },
                ],
              },
            ],
          },
        };
      }
      if (url.pathname === '/api/orders') {
        const status = url.searchParams.get('status');
        return {
          body: {
            orders: status === 'placed' ? [anOrder()] : [],
            total: status === 'placed' ? 1 : 0,
          },
        };
      }
      return undefined;
    });
    storeSession(farmer);
    renderRoutes(routes, '/farmers/orders');
    return { fetchMock, user: userEvent.setup() };
  }

  it('shows new orders with their customer and moves one on in one click', async () => {
    const { fetchMock, user } = renderFarmerOrders((method) =>
      method === 'PATCH'
        ? {
            body: {
              message: 'Order F-10001 is confirmed',
              order: anOrder({ status: 'confirmed' }),
            },
          }
        : undefined,
    );
    const order = await screen.findByRole('article', { name: 'F-10001 · Casey Morgan' });
    expect(screen.getByRole('link', { name: 'Placed' })).toHaveAttribute('aria-current', 'page');
    expect(order).toHaveTextContent('2 × Heirloom tomatoes');
    expect(order).toHaveTextContent('Note: “Ring twice”');
    await user.click(within(order).getByRole('button', { name: 'Confirm' }));
    expect(
      await (await notifications()).findByText('Order F-10001 is confirmed'),
    ).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([
      [`/api/orders/${anOrder().id}/status`, { status: 'confirmed' }],
    ]);
  });

  it('cancels only with a reason for the customer', async () => {
    const { fetchMock, user } = renderFarmerOrders((method) =>
      method === 'PATCH'
        ? {
            body: {
              message: 'Order F-10001 is cancelled',
              order: anOrder({ status: 'cancelled' }),
            },
          }
        : undefined,
    );
    const order = await screen.findByRole('article', { name: 'F-10001 · Casey Morgan' });
    await user.click(within(order).getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order F-10001?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByText('Tell the customer why the order is cancelled')).toBeVisible();
    expect(patches(fetchMock)).toEqual([]);

    await user.type(
      within(dialog).getByLabelText('Reason for the customer'),
      'Hail took the tomatoes',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await (await notifications()).findByText('Order F-10001 cancelled')).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([
      [
        `/api/orders/${anOrder().id}/status`,
        { status: 'cancelled', reason: 'Hail took the tomatoes' },
      ],
    ]);
  });

  it('shows the pick list of the chosen date', async () => {
    const { user } = renderFarmerOrders();
    const date = await screen.findByLabelText('Pickup date');
    await user.clear(date);
    await user.type(date, '2026-11-28');
    const pickList = screen.getByRole('region', { name: 'Pick list' });
    expect(await within(pickList).findByRole('table')).toHaveTextContent(
      /Heirloom tomatoes\s*2 lb\s*1/,
    );
    expect(pickList).toHaveTextContent('F-10001 · Casey Morgan');
    expect(within(pickList).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});
