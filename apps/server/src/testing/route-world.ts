import { randomUUID } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../adapters/passwords';
import type { RateLimiter } from '../adapters/rate-limiter';
import { farms } from '../modules/farms/farms.schema';
import { products } from '../modules/products/products.schema';
import { paymentMethods, subscriptions } from '../modules/subscriptions/subscriptions.schema';
import { users } from '../modules/users/users.schema';
import { createTestFarm, createTestProduct } from './farms';
import type { TestApp } from './test-app';
import { injectFile, makeImage } from './uploads';
import {
  createTestCast,
  createTestUser,
  giveTestPlan,
  type TestCast,
  type TestUser,
} from './users';

/** The five people every route is tried as. */
export const actors = ['guest', 'customer', 'owner', 'otherFarmer', 'admin'] as const;
export type Actor = (typeof actors)[number];

/** One operation of the OpenAPI document, named as in the route matrix: `'PATCH /api/shop/{id}'`. */
export interface DocumentedRoute {
  key: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** Every operation the app documents, from its own OpenAPI document. */
export async function documentedRoutes(app: FastifyInstance): Promise<DocumentedRoute[]> {
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

/** A limiter that counts nothing: suites that send thousands of requests test other things. */
export const unlimited: RateLimiter = {
  kind: 'memory',
  hit: async () => ({ count: 1, allowed: true, retryAfterMs: 0 }),
  refund: async () => {},
  peek: async () => ({ count: 0, allowed: true, retryAfterMs: 0 }),
  close: async () => {},
};

const WORLD_PASSWORD = 'world-password-42';
export const WORLD_STRIPE_CUSTOMER = 'cus_route_world';

const productBody = { name: 'World beans', price: 2.5, unit: 'lb', categorySlug: 'vegetables' };
const inAWeek = (hours: number) =>
  new Date(Date.now() + 7 * 24 * 3_600_000 + hours * 3_600_000).toISOString();

/**
 * Real resources for trying every route: the owner's farm with a product, a photo, an event, a
 * customer's order and pre-order, the owner's plan and card, a sandbox checkout and payout
 * onboarding; the other farmer has a farm of their own. Made once per suite; `fresh` makes another
 * of a kind for the calls that use one up (a delete, a cancel).
 */
export interface RouteWorld {
  cast: TestCast;
  headersOf(actor: Actor): Record<string, string>;
  farmId: string;
  otherFarmId: string;
  productId: string;
  soldOutProductId: string;
  imageId: string;
  eventId: string;
  orderId: string;
  preorderId: string;
  subscriptionId: string;
  paymentMethodId: string;
  checkoutId: string;
  onboardingId: string;
  photo: Buffer;
  /** How many resources `fresh` has made: a suite knows the database moved when it grows. */
  made(): number;
  fresh: {
    product(): Promise<string>;
    productWithImage(): Promise<{ productId: string; imageId: string }>;
    event(): Promise<string>;
    order(): Promise<string>;
    preorder(): Promise<string>;
    paymentMethod(): Promise<string>;
    /** The owner's plan: any earlier one ends, so that this one is current. */
    subscription(): Promise<string>;
    farmer(): Promise<TestUser>;
    /** Puts a logo or cover photo on the owner's farm. */
    farmImage(kind: 'logo' | 'cover'): Promise<void>;
    checkout(): Promise<string>;
  };
}

/** A fixture that was refused would only show up later, as a puzzling failure somewhere else. */
function assertAccepted(res: { statusCode: number; body: string }): void {
  if (res.statusCode >= 300) throw new Error(`route world fixture refused: ${res.body}`);
}

/** The id (or address) `pick` reads from a fixture call's answer. */
function fromAnswer(res: { statusCode: number; body: string }, pick: (body: never) => string) {
  assertAccepted(res);
  return pick(JSON.parse(res.body) as never);
}

export async function createRouteWorld(t: TestApp): Promise<RouteWorld> {
  const { db } = t.database;
  const cast = await createTestCast(db, t.config.JWT_SECRET);
  const ids = [cast.customer.id, cast.owner.id, cast.otherFarmer.id, cast.admin.id];
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(WORLD_PASSWORD) })
    .where(inArray(users.id, ids));
  const headersOf = (actor: Actor): Record<string, string> =>
    actor === 'guest' ? {} : { ...cast[actor].headers };
  const as = (actor: Actor, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: headersOf(actor), payload });
  const photo = await makeImage('png');

  const location = { lat: 45.5, lng: -122.6 };
  const farmId = await createTestFarm(t, cast.owner, { name: 'World Farm', location });
  const otherFarmId = await createTestFarm(t, cast.otherFarmer, { name: 'Other Farm', location });
  await db
    .update(farms)
    .set({ stripeCustomerId: WORLD_STRIPE_CUSTOMER })
    .where(eq(farms.id, farmId));
  const kept: string[] = [];
  let retired: string | undefined;
  /**
   * A plan holds at most 100 products across a farmer's farms, and long runs make more: the
   * owner's earlier fresh products go to a farmer of their own, keeping the world's.
   */
  async function makeRoom(): Promise<void> {
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.farmerId, cast.owner.id));
    if (count < 80) return;
    retired ??= (await createTestUser(db, t.config.JWT_SECRET, 'farmer', { plan: null })).id;
    await db
      .update(products)
      .set({ farmerId: retired })
      .where(and(eq(products.farmerId, cast.owner.id), notInArray(products.id, kept)));
  }
  const product = async (stock: number) => {
    await makeRoom();
    return createTestProduct(t, cast.owner, farmId, { ...productBody, stock });
  };
  const productId = await product(100_000);
  const soldOutProductId = await product(0);
  kept.push(productId, soldOutProductId);

  const fresh: RouteWorld['fresh'] = {
    product: () => product(5),
    async productWithImage() {
      const id = await product(5);
      const res = await injectFile(
        t,
        { url: `/api/products/${id}/images`, headers: headersOf('owner') },
        photo,
      );
      const image = fromAnswer(res, (body: { product: { images: string[] } }) =>
        String(body.product.images[0]),
      );
      const imageId = image.match(/([0-9a-f-]{36})-1200/)?.[1];
      if (!imageId) throw new Error(`route world photo has no id: ${image}`);
      return { productId: id, imageId };
    },
    async event() {
      const res = await as('owner', 'POST', '/api/events', {
        farmId,
        title: 'World market day',
        startsAt: inAWeek(0),
        endsAt: inAWeek(3),
        place: 'At the farm stand',
      });
      return fromAnswer(res, (body: { event: { id: string } }) => body.event.id);
    },
    async order() {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...headersOf('customer'), 'idempotency-key': randomUUID() },
        payload: {
          items: [{ productId, quantity: 1 }],
          fulfilment: [{ farmId, method: 'pickup' }],
        },
      });
      return fromAnswer(res, (body: { orders: { id: string }[] }) => String(body.orders[0]?.id));
    },
    async preorder() {
      const res = await as('customer', 'POST', '/api/preorders', {
        productId: soldOutProductId,
        quantity: 1,
      });
      return fromAnswer(res, (body: { preOrder: { id: string } }) => body.preOrder.id);
    },
    async paymentMethod() {
      const [card] = await db
        .insert(paymentMethods)
        .values({ farmerId: cast.owner.id, type: 'card', last4: '4242' })
        .returning({ id: paymentMethods.id });
      if (!card) throw new Error('route world card missing');
      return card.id;
    },
    async subscription() {
      await db
        .update(subscriptions)
        .set({ status: 'cancelled', autoRenew: false })
        .where(
          and(
            eq(subscriptions.farmerId, cast.owner.id),
            inArray(subscriptions.status, ['trial', 'active']),
          ),
        );
      await giveTestPlan(db, cast.owner.id, 'pro');
      const [current] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.farmerId, cast.owner.id), eq(subscriptions.status, 'trial')));
      if (!current) throw new Error('route world plan missing');
      return current.id;
    },
    farmer: () => createTestUser(db, t.config.JWT_SECRET, 'farmer'),
    async farmImage(kind) {
      const res = await injectFile(
        t,
        { url: `/api/shop/${farmId}/${kind}`, headers: headersOf('owner') },
        photo,
      );
      assertAccepted(res);
    },
    async checkout() {
      const res = await as('owner', 'POST', '/api/shop/subscription/subscribe', {
        shopId: farmId,
        planId: 'basic',
        billingCycle: 'monthly',
      });
      const url = fromAnswer(res, (body: { url: string }) => body.url);
      return url.split('/').pop() ?? '';
    },
  };

  let made = 0;
  const counted = Object.fromEntries(
    Object.entries(fresh).map(([name, make]) => [
      name,
      (...args: never[]) => {
        made++;
        return (make as (...a: never[]) => unknown)(...args);
      },
    ]),
  ) as unknown as RouteWorld['fresh'];
  const image = await fresh.productWithImage();
  kept.push(image.productId);
  const onboarding = await t.app.inject({
    method: 'POST',
    url: `/api/farms/${farmId}/payouts/onboarding`,
    headers: headersOf('owner'),
  });
  const [plan] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.farmerId, cast.owner.id));
  if (!plan) throw new Error('route world plan missing');
  return {
    cast,
    headersOf,
    farmId,
    otherFarmId,
    productId,
    soldOutProductId,
    imageId: image.imageId,
    eventId: await fresh.event(),
    orderId: await fresh.order(),
    preorderId: await fresh.preorder(),
    subscriptionId: plan.id,
    paymentMethodId: await fresh.paymentMethod(),
    checkoutId: await fresh.checkout(),
    onboardingId: fromAnswer(onboarding, (body: { url: string }) => body.url)
      .split('?')[0]
      ?.split('/')
      .pop() as string,
    photo,
    made: () => made,
    fresh: counted,
  };
}
