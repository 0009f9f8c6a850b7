import type { PickupSlotAnswer } from '@furrow/domain/api/pickup-windows';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '../../features/cart/cart-storage';
import { storeCart } from '../../features/cart/cart-test-items';
import { aFarm, customer } from '../../test-fixtures';
import { loadScreens, notifications, renderRoutes, storeSession } from '../../test-utils';
import { routes } from '../router';

const greenAcres = aFarm({ id: 'green-acres', name: 'Green Acres' });
const riseFarm = aFarm({
  id: 'rise-farm',
  name: 'Rise Farm',
  delivery: { enabled: false, radiusKm: 0, fee: 0, minimumOrder: 0 },
});

function slot(id: string, date: string, remaining: number | null): PickupSlotAnswer {
  return {
    id,
    windowId: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    date,
    from: '09:00',
    to: '13:00',
    place: 'Farm stand',
    startsAt: `${date}T17:00:00.000Z`,
    endsAt: `${date}T21:00:00.000Z`,
    orderBy: `${date}T05:00:00.000Z`,
    capacity: 10,
    remaining,
  };
}

const anOrder = (id: string, number: string, farm: { id: string; name: string }) => ({
  id,
  number,
  status: 'placed',
  farm,
  customer: { id: customer.id, name: customer.name },
  lines: [],
  subtotal: 9,
  deliveryFee: 0,
  total: 9,
  payment: 'pay_at_pickup',
  paymentStatus: 'unpaid',
  paymentUrl: null,
  paymentDueAt: null,
  fulfilment: { method: 'pickup', slot: null, instructions: '' },
  note: '',
  history: [{ status: 'placed', at: '2026-11-23T10:00:00.000Z', byRole: 'customer', reason: null }],
  preorderId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
});

type Answer = { status?: number; body: unknown } | 'network-down';

/**
 * The server, by method and path. Checkout answers come from `orders` one call at a time, so a test
 * can fail the network once and then succeed.
 */
function stubServer(orders: Answer[], green = greenAcres, rise = riseFarm) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const json = (body: unknown, status = 200) => Response.json(body, { status });
    if (url.pathname === '/api/me') return json({ user: customer });
    if (method === 'POST' && url.pathname === '/api/orders') {
      const answer = orders.shift();
      if (!answer || answer === 'network-down') throw new TypeError('Failed to fetch');
      return json(answer.body, answer.status);
    }
    if (url.pathname === '/api/farms/green-acres/pickup-slots') {
      return json({
        timeZone: 'America/Los_Angeles',
        slots: [slot('full-slot', '2026-11-27', 0), slot('open-slot', '2026-11-28', 2)],
      });
    }
    if (url.pathname === '/api/farms/rise-farm/pickup-slots') {
      return json({ timeZone: 'America/Los_Angeles', slots: [] });
    }
    if (url.pathname === '/api/farms/green-acres') return json({ farm: green, products: [] });
    if (url.pathname === '/api/geo/lookup') {
      return json({
        lat: 45.26,
        lng: -122.69,
        label: 'Canby, OR 97013',
        city: 'Canby',
        region: 'OR',
        postalCode: '97013',
        country: 'US',
      });
    }
    if (url.pathname === '/api/farms/rise-farm') return json({ farm: rise, products: [] });
    if (url.pathname.startsWith('/api/orders/')) {
      const id = url.pathname.split('/').at(-1) ?? '';
      return json({ order: anOrder(id, 'F-10001', greenAcres) });
    }
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const checkoutCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => String(input) === '/api/orders' && init?.method === 'POST',
  );

function renderCheckout() {
  storeSession(customer);
  storeCart();
  const { router } = renderRoutes(routes, '/checkout');
  return { router, user: userEvent.setup() };
}

const storedItems = () =>
  JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{"items":[]}').items as {
    productId: string;
    quantity: number;
    stock: number;
  }[];

describe('checkout', () => {
  beforeAll(loadScreens);

  it('offers open pickup slots, shows full ones unchoosable, and the instructions of a farm without windows', async () => {
    stubServer([]);
    renderCheckout();
    const green = await screen.findByRole('region', { name: 'Green Acres' });
    expect(
      await within(green).findByRole('radio', { name: /Fri, November 27, 2026.*Full/ }),
    ).toBeDisabled();
    expect(
      within(green).getByRole('radio', { name: /Sat, November 28, 2026.*2 left/ }),
    ).toBeEnabled();
    expect(within(green).getByRole('radio', { name: /Delivery/ })).toHaveAccessibleName(
      /\$5\.00 fee · within 25 km of the farm · orders of \$20\.00 or more/,
    );
    const rise = screen.getByRole('region', { name: 'Rise Farm' });
    expect(await within(rise).findByText('Farm stand by the red barn.')).toBeVisible();
    expect(within(rise).queryByRole('radio', { name: /Delivery/ })).not.toBeInTheDocument();
  });

  it('asks for a pickup time before sending anything', async () => {
    const fetchMock = stubServer([]);
    const { user } = renderCheckout();
    const green = await screen.findByRole('region', { name: 'Green Acres' });
    await within(green).findByRole('radio', { name: /Sat, November 28, 2026/ });
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(within(green).getByText('Choose a pickup time')).toBeVisible();
    expect(checkoutCalls(fetchMock)).toHaveLength(0);
  });

  it('retries with the same Idempotency-Key after a network failure, then confirms and empties the cart', async () => {
    const fetchMock = stubServer([
      'network-down',
      {
        status: 201,
        body: {
          message: 'Orders placed',
          orders: [
            anOrder('8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'F-10001', greenAcres),
            anOrder('9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', 'F-10002', riseFarm),
          ].map((order, index) => ({
            ...order,
            lines: (index === 0 ? ['tomatoes', 'basil'] : ['sourdough']).map((productId) => ({
              productId,
              name: productId,
              unit: 'each',
              price: 1,
              quantity: 1,
              lineTotal: 1,
            })),
          })),
        },
      },
    ]);
    const { router, user } = renderCheckout();
    const green = await screen.findByRole('region', { name: 'Green Acres' });
    await user.click(await within(green).findByRole('radio', { name: /Sat, November 28, 2026/ }));
    await user.type(screen.getByLabelText('Note for the farms (optional)'), 'Ring twice');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't reach Furrow");
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    await screen.findByText(/Your 2 orders are placed/);
    const [first, second] = checkoutCalls(fetchMock);
    const keyOf = (call: typeof first) => new Headers(call?.[1]?.headers).get('idempotency-key');
    expect(keyOf(first)).toBeTruthy();
    expect(keyOf(second)).toBe(keyOf(first));
    expect(JSON.parse(String(second?.[1]?.body))).toMatchObject({
      fulfilment: [
        { farmId: 'green-acres', method: 'pickup', slotId: 'open-slot' },
        { farmId: 'rise-farm', method: 'pickup' },
      ],
      payment: 'pay_at_pickup',
      note: 'Ring twice',
    });
    expect(router.state.location.pathname).toBe('/checkout/confirmation');
    expect(storedItems()).toEqual([]);
    expect((await notifications()).getByText('2 orders placed')).toBeVisible();
  });

  it('shows exactly which lines fell short and brings the cart down to what is left', async () => {
    stubServer([
      {
        status: 409,
        body: {
          message: 'Insufficient stock',
          code: 'INSUFFICIENT_STOCK',
          details: [
            {
              field: 'items',
              message: 'Only 1 left of Heirloom tomatoes',
              productId: 'tomatoes',
              name: 'Heirloom tomatoes',
              requested: 2,
              available: 1,
            },
            {
              field: 'items',
              message: 'Sourdough loaf is sold out',
              productId: 'sourdough',
              name: 'Sourdough loaf',
              requested: 1,
              available: 0,
            },
          ],
        },
      },
    ]);
    const { user } = renderCheckout();
    const green = await screen.findByRole('region', { name: 'Green Acres' });
    await user.click(await within(green).findByRole('radio', { name: /Sat, November 28, 2026/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Insufficient stock. We updated your cart:');
    expect(within(refusal).getByText('Only 1 left of Heirloom tomatoes')).toBeVisible();
    expect(within(refusal).getByText('Sourdough loaf is sold out')).toBeVisible();
    expect(
      storedItems().map(({ productId, quantity, stock }) => [productId, quantity, stock]),
    ).toEqual([
      ['basil', 1, 10],
      ['tomatoes', 1, 1],
    ]);
    // The farm that sold out has left the checkout; the shopper can go on with the rest.
    expect(screen.queryByRole('region', { name: 'Rise Farm' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it("keeps delivery closed under the farm's minimum, saying how much more it needs", async () => {
    stubServer([]);
    renderCheckout();
    const green = await screen.findByRole('region', { name: 'Green Acres' });
    // 2 × $4.50 + 1 × $3.00 is $12.00, under the $20.00 minimum.
    const delivery = await within(green).findByRole('radio', { name: /Delivery/ });
    expect(delivery).toBeDisabled();
    expect(delivery).toHaveAccessibleName(/Add \$8\.00 to have it delivered/);
  });

  it("delivers to the typed ZIP code's point, and shows the server's refusal of an address too far", async () => {
    const tooFar = 'This address is 40 km from Green Acres, which delivers within 25 km';
    const fetchMock = stubServer(
      [
        {
          status: 409,
          body: {
            message: tooFar,
            code: 'OUTSIDE_DELIVERY_RADIUS',
            details: [{ field: 'fulfilment', message: tooFar }],
          },
        },
      ],
      { ...greenAcres, delivery: { enabled: true, radiusKm: 25, fee: 5, minimumOrder: 0 } },
    );
    const { user } = renderCheckout();
    const green = await screen.findByRole('region', { name: 'Green Acres' });
    await user.click(await within(green).findByRole('radio', { name: /Delivery/ }));
    await user.type(screen.getByLabelText('Street address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Canby');
    await user.type(screen.getByLabelText('ZIP code'), '97013');
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent(
      'Delivery$5.00',
    );
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(tooFar);
    const [sent] = checkoutCalls(fetchMock);
    expect(JSON.parse(String(sent?.[1]?.body)).fulfilment[0]).toEqual({
      farmId: 'green-acres',
      method: 'delivery',
      address: { line: '1 Main St', city: 'Canby', region: '', postalCode: '97013' },
      point: { lat: 45.26, lng: -122.69 },
    });
  });

  it('asks for another time when the chosen slot filled up meanwhile', async () => {
    let full = false;
    const fetchMock = stubServer([
      {
        status: 409,
        body: {
          message: 'This pickup time is full. Please choose another.',
          code: 'PICKUP_WINDOW_FULL',
        },
      },
    ]);
    const serve = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/farms/green-acres/pickup-slots' && full) {
        return Response.json({
          timeZone: 'America/Los_Angeles',
          slots: [slot('open-slot', '2026-11-28', 0), slot('later-slot', '2026-12-05', 5)],
        });
      }
      if (init?.method === 'POST') full = true;
      return (serve as typeof fetch)(input, init);
    });
    const { user } = renderCheckout();
    const green = await screen.findByRole('region', { name: 'Green Acres' });
    await user.click(await within(green).findByRole('radio', { name: /Sat, November 28/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This pickup time is full');
    const taken = await within(green).findByRole('radio', { name: /Sat, November 28.*Full/ });
    expect(taken).toBeDisabled();
    expect(taken).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(within(green).getByText('Choose a pickup time')).toBeVisible();
    expect(checkoutCalls(fetchMock)).toHaveLength(1);
  });

  it('sends a guest to sign in, keeping the cart', async () => {
    stubServer([]);
    storeCart();
    const { router } = renderRoutes(routes, '/checkout');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(storedItems()).toHaveLength(3);
  });

  it('offers card only when every farm of the cart takes cards, and says which does not', async () => {
    stubServer([], aFarm({ ...greenAcres, cardPayments: true }));
    renderCheckout();
    expect(
      await screen.findByText(/Rise Farm takes payment at pickup or on delivery only/),
    ).toBeVisible();
    expect(screen.queryByRole('radio', { name: /Pay by card now/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Pay at pickup/ })).toBeChecked();
  });

  it('lets the shopper choose card when both farms take cards, and the button says what comes next', async () => {
    stubServer(
      [],
      aFarm({ ...greenAcres, cardPayments: true }),
      aFarm({ ...riseFarm, cardPayments: true }),
    );
    const { user } = renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /Pay by card now/ }));
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  });
});
