import { randomUUID } from 'node:crypto';
import { type Actor, type RouteWorld, WORLD_STRIPE_CUSTOMER } from './route-world';
import type { TestApp } from './test-app';
import { multipartFile } from './uploads';

/** A well-formed call of one route: what a person allowed to call it would send. */
export interface RouteRequest {
  url: string;
  /** A JSON body. */
  body?: unknown;
  /** An HTML form post (the sandbox pages). */
  form?: Record<string, string>;
  /** The world's photo as a multipart upload. */
  upload?: true;
  headers?: Record<string, string>;
}

type Builder = (
  w: RouteWorld,
  actor: Actor,
) => Partial<RouteRequest> | Promise<Partial<RouteRequest>>;

/** Which of the world's resources a path parameter names, by the segment before it. */
const idBySegment: Record<string, (w: RouteWorld) => string> = {
  shop: (w) => w.farmId,
  single: (w) => w.farmId,
  farms: (w) => w.farmId,
  products: (w) => w.productId,
  farmers: (w) => w.cast.owner.id,
  subscriptions: (w) => w.subscriptionId,
  'payment-methods': (w) => w.paymentMethodId,
  events: (w) => w.eventId,
  orders: (w) => w.orderId,
  preorders: (w) => w.preorderId,
  checkout: (w) => w.checkoutId,
  connect: (w) => w.onboardingId,
};
const byName: Record<string, (w: RouteWorld) => string> = {
  farmId: (w) => w.farmId,
  imageId: (w) => w.imageId,
  kind: () => 'logo',
  file: (w) => `${w.eventId}.ics`,
};

/** `path` with each `{param}` replaced by the world's resource it names. */
export function fillPath(path: string, w: RouteWorld, ids: Record<string, string> = {}): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const param = segment.match(/^\{(\w+)\}$/)?.[1];
      if (!param) return segment;
      if (ids[param]) return ids[param];
      const resolve = byName[param] ?? idBySegment[segments[i - 1] ?? ''];
      if (!resolve) {
        throw new Error(
          `no resource for {${param}} in ${path}: add it to idBySegment in testing/route-requests.ts`,
        );
      }
      return resolve(w);
    })
    .join('/');
}

const inAWeek = (hours: number) =>
  new Date(Date.now() + 7 * 24 * 3_600_000 + hours * 3_600_000).toISOString();
const near = '?lat=45.5&long=-122.6';
const product = { name: 'Matrix beans', price: 2.5, unit: 'lb', categorySlug: 'vegetables' };
const farm = { name: 'Matrix Farm', location: { lat: 45.5, lng: -122.6 } };
const freshEmail = () => `matrix-${randomUUID()}@example.com`;

/**
 * How to call each route that needs more than its path: a query, a body, or a resource of its own
 * because a success uses it up. A route not named here is called with its path filled from the
 * world and no body.
 */
export const requests: Record<string, Builder> = {
  'GET /api/products': () => ({ url: `/api/products${near}` }),
  // Central Nevada: no farm in reach, where the sign-up is offered.
  'POST /api/area-alerts': () => ({ body: { email: freshEmail(), lat: 39.5, long: -116 } }),
  'POST /api/register': () => ({
    body: {
      email: freshEmail(),
      password: 'a-good-long-password',
      role: 'customer',
      firstName: 'Matrix',
      lastName: 'Newcomer',
    },
  }),
  'POST /api/signup_verification': () => ({
    body: { verificationCode: '123456', verificationToken: 'not-a-real-token' },
  }),
  'POST /api/resend_verification': () => ({ body: { email: freshEmail() } }),
  'POST /api/login': (w) => ({ body: { email: w.cast.owner.email, password: 'not-the-password' } }),
  'POST /api/forgot': () => ({ body: { email: freshEmail() } }),
  'POST /api/reset_password': () => ({
    body: { old_password: 'not-the-password', new_password: 'another-long-password' },
  }),
  'POST /api/auth/google': () => ({ body: { credential: 'not-a-google-token' } }),
  'PATCH /api/me': () => ({ body: { lastName: 'Renamed' } }),
  'PUT /api/profile': () => ({
    body: { firstName: 'Matrix', lastName: 'Shopper', location: { place: '97201' } },
  }),
  'POST /api/shop/create': () => ({ body: farm }),
  'PATCH /api/shop/{id}': () => ({ body: { name: 'Renamed Matrix Farm' } }),
  'POST /api/shop/{id}/logo': () => ({ upload: true }),
  'POST /api/shop/{id}/cover': () => ({ upload: true }),
  'DELETE /api/shop/{id}/logo': async (w) => {
    await w.fresh.farmImage('logo');
    return {};
  },
  'DELETE /api/shop/{id}/cover': async (w) => {
    await w.fresh.farmImage('cover');
    return {};
  },
  'GET /api/farms/featured': () => ({ url: `/api/farms/featured${near}` }),
  'POST /api/product/create/{farmId}': () => ({ body: { ...product, stock: 3 } }),
  'PATCH /api/products/{id}': () => ({ body: { price: 3 } }),
  'DELETE /api/products/{id}': async (w) => ({ url: `/api/products/${await w.fresh.product()}` }),
  'POST /api/products/{id}/visibility': async (w) => ({
    url: `/api/products/${await w.fresh.product()}/visibility`,
    body: { hidden: true },
  }),
  'POST /api/products/{id}/stock': () => ({ body: { delta: 1 } }),
  'PATCH /api/farms/{farmId}/stock': (w) => ({
    body: { lines: [{ productId: w.productId, delta: 1 }] },
  }),
  'POST /api/products/{id}/images': () => ({ upload: true }),
  'DELETE /api/products/{id}/images/{imageId}': async (w) => {
    const { productId, imageId } = await w.fresh.productWithImage();
    return { url: `/api/products/${productId}/images/${imageId}` };
  },
  'PATCH /api/farmers/me': () => ({ body: { bio: 'Matrix bio' } }),
  // A wrong password: a farmer gets as far as the password check, and the world stays whole.
  'DELETE /api/farmers/me': () => ({ body: { password: 'not-the-password' } }),
  'POST /api/farmers/me/images/{kind}': () => ({ upload: true }),
  'GET /api/geo/lookup': () => ({ url: '/api/geo/lookup?q=97201' }),
  'POST /api/subscriptions': () => ({ body: { planId: 'basic', billingCycle: 'monthly' } }),
  'POST /api/subscriptions/{id}/cancel': async (w) => ({
    url: `/api/subscriptions/${await w.fresh.subscription()}/cancel`,
    body: { reason: 'Matrix says so' },
  }),
  'POST /api/subscriptions/{id}/change-plan': async (w) => ({
    url: `/api/subscriptions/${await w.fresh.subscription()}/change-plan`,
    body: { planId: 'pro', billingCycle: 'annual' },
  }),
  'PATCH /api/subscriptions/{id}/marketing-preferences': () => ({
    body: { smsNotifications: true },
  }),
  'POST /api/payment-methods': () => ({ body: { type: 'card', brand: 'visa', last4: '4242' } }),
  'DELETE /api/payment-methods/{id}': async (w) => ({
    url: `/api/payment-methods/${await w.fresh.paymentMethod()}`,
  }),
  'POST /api/shop/subscription/subscribe': (w) => ({
    body: { shopId: w.farmId, planId: 'basic', billingCycle: 'monthly' },
  }),
  'GET /api/sub_status': () => ({
    url: `/api/sub_status?stripeCustomerId=${WORLD_STRIPE_CUSTOMER}`,
  }),
  'POST /api/webhooks/stripe': () => ({ body: { id: 'evt_unsigned', type: 'invoice.paid' } }),
  'GET /api/events': () => ({ url: `/api/events${near}` }),
  'POST /api/events': (w) => ({
    body: {
      farmId: w.farmId,
      title: 'Matrix market day',
      startsAt: inAWeek(0),
      endsAt: inAWeek(3),
      place: 'At the farm stand',
    },
  }),
  'PATCH /api/events/{id}': () => ({ body: { title: 'Renamed market day' } }),
  'DELETE /api/events/{id}': async (w) => ({ url: `/api/events/${await w.fresh.event()}` }),
  'PATCH /api/admin/farms/{id}': () => ({ body: { featured: true } }),
  'PATCH /api/admin/farmers/{id}': () => ({ body: { featured: true } }),
  // The owner must stay for the other cells: an admin deletes a farmer made for the call.
  'DELETE /api/admin/farmers/{id}': async (w) => ({
    url: `/api/admin/farmers/${(await w.fresh.farmer()).id}`,
  }),
  'POST /api/orders': (w) => ({
    headers: { 'idempotency-key': randomUUID() },
    body: {
      items: [{ productId: w.productId, quantity: 1 }],
      fulfilment: [{ farmId: w.farmId, method: 'pickup' }],
    },
  }),
  'PATCH /api/orders/{id}/status': async (w) => ({
    url: `/api/orders/${await w.fresh.order()}/status`,
    body: { status: 'cancelled', reason: 'Matrix says so' },
  }),
  'GET /api/farms/{id}/pick-list': (w) => ({
    url: `/api/farms/${w.farmId}/pick-list?date=2030-01-05`,
  }),
  'POST /api/preorders': (w) => ({ body: { productId: w.soldOutProductId, quantity: 1 } }),
  'PUT /api/preorders/{id}': async (w) => ({
    url: `/api/preorders/${await w.fresh.preorder()}`,
    body: { productId: w.soldOutProductId, quantity: 2 },
  }),
  'DELETE /api/preorders/{id}': async (w) => ({
    url: `/api/preorders/${await w.fresh.preorder()}`,
  }),
  'POST /sandbox/checkout/{id}': () => ({
    form: { number: '4000000000000002', expiry: '12/34', cvc: '123', name: 'Matrix' },
  }),
};

/** The request for `key` ('METHOD /path') as `actor` would send it. */
export async function requestFor(key: string, w: RouteWorld, actor: Actor): Promise<RouteRequest> {
  const path = key.slice(key.indexOf(' ') + 1);
  const built = (await requests[key]?.(w, actor)) ?? {};
  return { ...built, url: built.url ?? fillPath(path, w) };
}

/** Sends `request` to `method` as `actor`. */
export function sendRoute(
  t: TestApp,
  w: RouteWorld,
  actor: Actor,
  method: string,
  request: RouteRequest,
) {
  const headers = { ...request.headers, ...w.headersOf(actor) };
  const common = { method: method as 'GET', url: request.url };
  if (request.upload) {
    const file = multipartFile(w.photo);
    return t.app.inject({
      ...common,
      headers: { ...headers, ...file.headers },
      payload: file.payload,
    });
  }
  if (request.form) {
    return t.app.inject({
      ...common,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(request.form).toString(),
    });
  }
  return t.app.inject({
    ...common,
    headers,
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
}
