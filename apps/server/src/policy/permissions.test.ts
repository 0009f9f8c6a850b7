import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ErrorCode, errors } from '@furrow/domain/errors';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../adapters/passwords';
import { events } from '../modules/events/events.schema';
import { farmers } from '../modules/farmers/farmers.schema';
import { farms } from '../modules/farms/farms.schema';
import { orderStatusHistory, orders } from '../modules/orders/orders.schema';
import { preorders } from '../modules/preorders/preorders.schema';
import { products } from '../modules/products/products.schema';
import { paymentMethods, subscriptions } from '../modules/subscriptions/subscriptions.schema';
import { customerProfiles, users } from '../modules/users/users.schema';
import { useTestApp } from '../testing/test-app';
import { injectFile, makeImage } from '../testing/uploads';
import { createTestUser, useTestCast } from '../testing/users';
import { type Action, actions, can, type Viewer } from './policy';
import { ownFarms, ownProducts, visibleFarms } from './scopes';

/**
 * Every action of the policy through the routes that check it, tried by a guest, a customer, the
 * owning farmer, another farmer and an admin (issues 4 and 7). Each gets the expected status and
 * message, and a refused call changes nothing: no row, no stored file, no byte count.
 */

type Actor = 'guest' | 'customer' | 'owner' | 'otherFarmer' | 'admin';
const actors: Actor[] = ['guest', 'customer', 'owner', 'otherFarmer', 'admin'];

interface Fixture {
  farmId: string;
  productId: string;
  imageId: string;
  eventId: string;
  /** A placed order of the customer's at the fixture's farm. */
  orderId: string;
  /** A pending pre-order of the customer's for a sold-out product of the fixture's farm. */
  preorderId: string;
  /** The owner's plan, and a card on it. */
  subscriptionId: string;
  paymentMethodId: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Expected = number | { status: number; message: string };

interface Call {
  name: string;
  action: Action;
  method: Method;
  url(fixture: Fixture): string;
  body?: object | ((actor: Actor, fixture: Fixture) => object);
  /** Sends the test photo as a multipart upload instead of a JSON body. */
  upload?: true;
  headers?: Record<string, string>;
  /** Status and message per actor; a bare number is a success. */
  expected: Record<Actor, Expected>;
}

/** An action that decides what an answer shows, not whether there is one. */
interface Disclosure {
  name: string;
  action: Action;
  url(shared: Shared): string;
  shown(body: Record<string, unknown>): boolean;
  expected: Record<Actor, boolean>;
}

const refused = (code: ErrorCode) => ({
  status: errors[code].status,
  message: errors[code].message,
});

/** A write on one farm or its products: its owner and admins may, everyone else gets 403. */
const ownerOrAdmin = (
  login: ErrorCode,
  notOwner: ErrorCode,
  success = 200,
): Record<Actor, Expected> => ({
  guest: refused(login),
  customer: refused(notOwner),
  owner: success,
  otherFarmer: refused(notOwner),
  admin: success,
});

/** A write of one's own as a farmer: every farmer (and an admin) may, a customer may not. */
const anyFarmer = (login: ErrorCode, success = 200): Record<Actor, Expected> => ({
  guest: refused(login),
  customer: refused('PERMISSION_DENIED'),
  owner: success,
  otherFarmer: success,
  admin: success,
});

const product = {
  name: 'Matrix beans',
  price: 2.5,
  unit: 'lb',
  categorySlug: 'vegetables',
  stock: 5,
};

const inAWeek = (hours: number) =>
  new Date(Date.now() + 7 * 24 * 3_600_000 + hours * 3_600_000).toISOString();
const event = (farmId: string) => ({
  farmId,
  title: 'Matrix market day',
  startsAt: inAWeek(0),
  endsAt: inAWeek(3),
  place: 'At the farm stand',
});

const calls: Call[] = [
  {
    name: 'POST /api/shop/create',
    action: 'farm.create',
    method: 'POST',
    url: () => '/api/shop/create',
    body: { name: 'Matrix Farm', location: { lat: 45.5, lng: -122.6 } },
    expected: anyFarmer('LOGIN_TO_MANAGE_FARMS', 201),
  },
  {
    name: 'PATCH /api/shop/{id}',
    action: 'farm.update',
    method: 'PATCH',
    url: (f) => `/api/shop/${f.farmId}`,
    body: { name: 'Renamed' },
    expected: ownerOrAdmin('LOGIN_TO_MANAGE_FARMS', 'NOT_OWNER_FARM'),
  },
  {
    name: 'POST /api/shop/{id}/logo',
    action: 'farm.update',
    method: 'POST',
    url: (f) => `/api/shop/${f.farmId}/logo`,
    upload: true,
    expected: ownerOrAdmin('LOGIN_TO_MANAGE_FARMS', 'NOT_OWNER_FARM'),
  },
  {
    name: 'DELETE /api/shop/{id}/logo',
    action: 'farm.update',
    method: 'DELETE',
    url: (f) => `/api/shop/${f.farmId}/logo`,
    expected: ownerOrAdmin('LOGIN_TO_MANAGE_FARMS', 'NOT_OWNER_FARM'),
  },
  {
    name: 'POST /api/shop/{id}/cover',
    action: 'farm.update',
    method: 'POST',
    url: (f) => `/api/shop/${f.farmId}/cover`,
    upload: true,
    expected: ownerOrAdmin('LOGIN_TO_MANAGE_FARMS', 'NOT_OWNER_FARM'),
  },
  {
    name: 'POST /api/product/create/{farmId}',
    action: 'product.create',
    method: 'POST',
    url: (f) => `/api/product/create/${f.farmId}`,
    body: product,
    expected: ownerOrAdmin('LOGIN_TO_CREATE_PRODUCT', 'NOT_OWNER_CREATE_PRODUCT', 201),
  },
  {
    name: 'PATCH /api/products/{id}',
    action: 'product.update',
    method: 'PATCH',
    url: (f) => `/api/products/${f.productId}`,
    body: { price: 3 },
    expected: ownerOrAdmin('LOGIN_TO_UPDATE_PRODUCT', 'NOT_OWNER_UPDATE'),
  },
  {
    name: 'DELETE /api/products/{id}',
    action: 'product.delete',
    method: 'DELETE',
    url: (f) => `/api/products/${f.productId}`,
    expected: ownerOrAdmin('LOGIN_TO_DELETE_PRODUCT', 'NOT_OWNER_DELETE'),
  },
  {
    name: 'POST /api/products/{id}/stock (delta)',
    action: 'product.updateStock',
    method: 'POST',
    url: (f) => `/api/products/${f.productId}/stock`,
    body: { delta: -1 },
    expected: ownerOrAdmin('LOGIN_TO_UPDATE_STOCK', 'NOT_OWNER_STOCK'),
  },
  {
    name: 'POST /api/products/{id}/stock (set)',
    action: 'product.updateStock',
    method: 'POST',
    url: (f) => `/api/products/${f.productId}/stock`,
    body: { stock: 9 },
    expected: ownerOrAdmin('LOGIN_TO_UPDATE_STOCK', 'NOT_OWNER_STOCK'),
  },
  {
    name: 'POST /api/products/{id}/images',
    action: 'product.update',
    method: 'POST',
    url: (f) => `/api/products/${f.productId}/images`,
    upload: true,
    expected: ownerOrAdmin('LOGIN_TO_UPDATE_PRODUCT', 'NOT_OWNER_UPDATE'),
  },
  {
    name: 'DELETE /api/products/{id}/images/{imageId}',
    action: 'product.update',
    method: 'DELETE',
    url: (f) => `/api/products/${f.productId}/images/${f.imageId}`,
    expected: ownerOrAdmin('LOGIN_TO_UPDATE_PRODUCT', 'NOT_OWNER_UPDATE'),
  },
  {
    name: 'POST /api/events',
    action: 'event.create',
    method: 'POST',
    url: () => '/api/events',
    body: () => event(currentFixture.farmId),
    expected: ownerOrAdmin('LOGIN_TO_MANAGE_EVENTS', 'NOT_OWNER_EVENT', 201),
  },
  {
    name: 'PATCH /api/events/{id}',
    action: 'event.update',
    method: 'PATCH',
    url: (f) => `/api/events/${f.eventId}`,
    body: { title: 'Renamed market day' },
    expected: ownerOrAdmin('LOGIN_TO_MANAGE_EVENTS', 'NOT_OWNER_EVENT'),
  },
  {
    name: 'DELETE /api/events/{id}',
    action: 'event.delete',
    method: 'DELETE',
    url: (f) => `/api/events/${f.eventId}`,
    expected: ownerOrAdmin('LOGIN_TO_MANAGE_EVENTS', 'NOT_OWNER_EVENT'),
  },
  {
    // "me" is whoever asks: every farmer (and an admin) edits their own profile.
    name: 'PATCH /api/farmers/me',
    action: 'farmer.updateOwn',
    method: 'PATCH',
    url: () => '/api/farmers/me',
    body: { bio: 'Matrix bio' },
    expected: anyFarmer('LOGIN_TO_EDIT_FARMER_PROFILE'),
  },
  {
    name: 'POST /api/farmers/me/images/profile',
    action: 'farmer.updateOwn',
    method: 'POST',
    url: () => '/api/farmers/me/images/profile',
    upload: true,
    expected: anyFarmer('LOGIN_TO_EDIT_FARMER_PROFILE'),
  },
  {
    name: 'DELETE /api/farmers/me/images/logo',
    action: 'farmer.updateOwn',
    method: 'DELETE',
    url: () => '/api/farmers/me/images/logo',
    expected: anyFarmer('LOGIN_TO_EDIT_FARMER_PROFILE'),
  },
  {
    name: 'GET /api/farms/{id}/pick-list',
    action: 'farm.pickList',
    method: 'GET',
    url: (f) => `/api/farms/${f.farmId}/pick-list?date=2030-01-05`,
    expected: {
      guest: refused('NOT_LOGGED_IN'),
      customer: refused('NOT_OWNER_FARM'),
      owner: 200,
      otherFarmer: refused('NOT_OWNER_FARM'),
      admin: 200,
    },
  },
  {
    name: 'GET /api/farms/{id}/analytics',
    action: 'farm.analytics',
    method: 'GET',
    url: (f) => `/api/farms/${f.farmId}/analytics`,
    expected: {
      guest: refused('NOT_LOGGED_IN'),
      customer: refused('FARM_NOT_FOUND'),
      owner: 200,
      otherFarmer: refused('FARM_NOT_FOUND'),
      admin: 200,
    },
  },
  {
    name: 'POST /api/orders',
    action: 'order.place',
    method: 'POST',
    url: () => '/api/orders',
    // Customers check out; admins pass every role check.
    body: () => ({
      items: [{ productId: shared.productId, quantity: 1 }],
      fulfilment: [{ farmId: shared.farmId, method: 'pickup' }],
    }),
    headers: { 'idempotency-key': randomUUID() },
    expected: {
      guest: refused('LOGIN_TO_ORDER'),
      customer: 201,
      owner: refused('PERMISSION_DENIED'),
      otherFarmer: refused('PERMISSION_DENIED'),
      admin: 201,
    },
  },
  {
    name: 'GET /api/orders/{id}',
    action: 'order.read',
    method: 'GET',
    url: (f) => `/api/orders/${f.orderId}`,
    expected: {
      guest: refused('NOT_LOGGED_IN'),
      customer: 200,
      owner: 200,
      otherFarmer: refused('ORDER_NOT_FOUND'),
      admin: 200,
    },
  },
  {
    name: 'PATCH /api/orders/{id}/status',
    action: 'order.move',
    method: 'PATCH',
    url: (f) => `/api/orders/${f.orderId}/status`,
    body: { status: 'cancelled', reason: 'Matrix says so' },
    expected: {
      guest: refused('NOT_LOGGED_IN'),
      customer: 200,
      owner: 200,
      otherFarmer: refused('ORDER_NOT_FOUND'),
      admin: 200,
    },
  },
  {
    name: 'POST /api/preorders',
    action: 'preorder.place',
    method: 'POST',
    url: () => '/api/preorders',
    body: () => ({ productId: shared.soldOutProductId, quantity: 1 }),
    expected: {
      guest: refused('LOGIN_TO_PREORDER'),
      customer: 201,
      owner: refused('PERMISSION_DENIED'),
      otherFarmer: refused('PERMISSION_DENIED'),
      admin: 201,
    },
  },
  {
    name: 'DELETE /api/preorders/{id}',
    action: 'preorder.change',
    method: 'DELETE',
    url: (f) => `/api/preorders/${f.preorderId}`,
    expected: {
      guest: refused('LOGIN_TO_PREORDER'),
      customer: 200,
      owner: refused('PREORDER_NOT_FOUND'),
      otherFarmer: refused('PREORDER_NOT_FOUND'),
      admin: 200,
    },
  },
];

/** A farmer's plan and its payments: someone else's answers 404, as if it did not exist. */
const notFoundToOthers = (code: ErrorCode, success = 200): Record<Actor, Expected> => ({
  guest: refused('LOGIN_TO_MANAGE_PLAN'),
  customer: refused(code),
  owner: success,
  otherFarmer: refused(code),
  admin: success,
});

calls.push(
  {
    name: 'GET /api/subscriptions',
    action: 'plan.manageOwn',
    method: 'GET',
    url: () => '/api/subscriptions',
    expected: {
      guest: refused('LOGIN_TO_MANAGE_PLAN'),
      customer: refused('PERMISSION_DENIED'),
      owner: 200,
      otherFarmer: 200,
      admin: refused('PERMISSION_DENIED'),
    },
  },
  {
    name: 'POST /api/payment-methods',
    action: 'plan.manageOwn',
    method: 'POST',
    url: () => '/api/payment-methods',
    body: { type: 'card', brand: 'visa', last4: '4242' },
    expected: {
      guest: refused('LOGIN_TO_MANAGE_PLAN'),
      customer: refused('PERMISSION_DENIED'),
      owner: 201,
      otherFarmer: 201,
      admin: refused('PERMISSION_DENIED'),
    },
  },
  {
    name: 'PATCH /api/subscriptions/{id}/marketing-preferences',
    action: 'subscription.manage',
    method: 'PATCH',
    url: (f) => `/api/subscriptions/${f.subscriptionId}/marketing-preferences`,
    body: { smsNotifications: true },
    expected: notFoundToOthers('SUBSCRIPTION_NOT_FOUND'),
  },
  {
    name: 'DELETE /api/payment-methods/{id}',
    action: 'paymentMethod.manage',
    method: 'DELETE',
    url: (f) => `/api/payment-methods/${f.paymentMethodId}`,
    expected: notFoundToOthers('PAYMENT_METHOD_NOT_FOUND'),
  },
  {
    name: 'POST /api/shop/subscription/subscribe',
    action: 'farm.subscribe',
    method: 'POST',
    url: () => '/api/shop/subscription/subscribe',
    body: (_actor, f) => ({ shopId: f.farmId, planId: 'basic', billingCycle: 'monthly' }),
    expected: notFoundToOthers('FARM_NOT_FOUND'),
  },
  {
    name: 'POST /api/farms/{id}/payouts/onboarding',
    action: 'farm.payouts',
    method: 'POST',
    url: (f) => `/api/farms/${f.farmId}/payouts/onboarding`,
    expected: {
      ...notFoundToOthers('FARM_NOT_FOUND'),
      guest: refused('LOGIN_TO_MANAGE_FARMS'),
    },
  },
);

const PASSWORD = 'matrix-password-42';

/** Calls on one's own account: no farm needed. */
const accountCalls: Call[] = [
  {
    name: 'GET /api/preorders',
    action: 'preorder.list',
    method: 'GET',
    url: () => '/api/preorders',
    expected: {
      guest: refused('LOGIN_TO_PREORDER'),
      customer: 200,
      owner: 200,
      otherFarmer: 200,
      admin: 200,
    },
  },
  {
    name: 'GET /api/orders',
    action: 'order.list',
    method: 'GET',
    url: () => '/api/orders',
    expected: {
      guest: refused('NOT_LOGGED_IN'),
      customer: 200,
      owner: 200,
      otherFarmer: 200,
      admin: 200,
    },
  },
  {
    name: 'PATCH /api/me',
    action: 'account.manage',
    method: 'PATCH',
    url: () => '/api/me',
    body: { lastName: 'Renamed' },
    expected: {
      guest: refused('NOT_LOGGED_IN'),
      customer: 200,
      owner: 200,
      otherFarmer: 200,
      admin: 200,
    },
  },
  {
    // Admins pass every role check, so an admin may set up a customer profile too.
    name: 'PUT /api/profile',
    action: 'profile.setUp',
    method: 'PUT',
    url: () => '/api/profile',
    body: { firstName: 'Matrix', lastName: 'Shopper', location: { place: '97201' } },
    expected: {
      guest: refused('NOT_LOGGED_IN'),
      customer: 200,
      owner: refused('PERMISSION_DENIED'),
      otherFarmer: refused('PERMISSION_DENIED'),
      admin: 200,
    },
  },
  {
    // A wrong password keeps the cast alive: that the farmers get as far as the password check is
    // what the action allows (account-deletion.test.ts deletes for real).
    name: 'DELETE /api/farmers/me',
    action: 'farmer.delete',
    method: 'DELETE',
    url: () => '/api/farmers/me',
    body: { password: 'not-the-password' },
    expected: {
      guest: refused('LOGIN_TO_DELETE_ACCOUNT'),
      customer: refused('PERMISSION_DENIED'),
      owner: refused('WRONG_PASSWORD'),
      otherFarmer: refused('WRONG_PASSWORD'),
      admin: refused('PERMISSION_DENIED'),
    },
  },
  {
    // Every admin route passes the same check (modules/admin); admin.test.ts tries each of them.
    name: 'GET /api/admin/overview',
    action: 'admin.access',
    method: 'GET',
    url: () => '/api/admin/overview',
    expected: {
      guest: refused('NOT_LOGGED_IN'),
      customer: refused('UNAUTHORIZED_ACCESS'),
      owner: refused('UNAUTHORIZED_ACCESS'),
      otherFarmer: refused('UNAUTHORIZED_ACCESS'),
      admin: 200,
    },
  },
  {
    // Sign-in is by password, not by session: the "guest" is someone with no account.
    name: 'POST /api/login with the admin flag',
    action: 'admin.signIn',
    method: 'POST',
    url: () => '/api/login',
    body: (actor) => ({
      email: actor === 'guest' ? 'nobody@test.furrow' : cast[actor].email,
      password: PASSWORD,
      admin: true,
    }),
    expected: {
      guest: refused('INVALID_CREDENTIALS'),
      customer: refused('UNAUTHORIZED_ACCESS'),
      owner: refused('UNAUTHORIZED_ACCESS'),
      otherFarmer: refused('UNAUTHORIZED_ACCESS'),
      admin: 200,
    },
  },
];

/**
 * Made once for the reads: an active farm of the owner's with a payment identifier, and a suspended
 * one with a product, hidden from all but its owner and admins.
 */
interface Shared {
  farmerId: string;
  farmId: string;
  hiddenFarmId: string;
  hiddenProductId: string;
  /** An active product of the owner's, with stock enough for every checkout. */
  productId: string;
  soldOutProductId: string;
}

const ownerOrAdminSee = (code: ErrorCode): Record<Actor, Expected> => ({
  guest: refused(code),
  customer: refused(code),
  owner: 200,
  otherFarmer: refused(code),
  admin: 200,
});

const reads: (Omit<Call, 'url'> & { url(shared: Shared): string })[] = [
  {
    name: 'GET /api/shop/single/{id}',
    action: 'farm.read',
    method: 'GET',
    url: (s) => `/api/shop/single/${s.hiddenFarmId}`,
    expected: ownerOrAdminSee('FARM_NOT_FOUND'),
  },
  {
    name: 'GET /api/farms/{id}',
    action: 'farm.read',
    method: 'GET',
    url: (s) => `/api/farms/${s.hiddenFarmId}`,
    expected: ownerOrAdminSee('FARM_NOT_FOUND'),
  },
  {
    name: 'GET /api/farms/{id}/products',
    action: 'farm.read',
    method: 'GET',
    url: (s) => `/api/farms/${s.hiddenFarmId}/products`,
    expected: ownerOrAdminSee('FARM_NOT_FOUND'),
  },
  {
    name: 'GET /api/product/{farmId}',
    action: 'farm.read',
    method: 'GET',
    url: (s) => `/api/product/${s.hiddenFarmId}`,
    expected: ownerOrAdminSee('FARM_NOT_FOUND'),
  },
  {
    name: 'GET /api/products/{id}',
    action: 'product.read',
    method: 'GET',
    url: (s) => `/api/products/${s.hiddenProductId}`,
    expected: ownerOrAdminSee('PRODUCT_NOT_FOUND'),
  },
];

const onlyOwnerAndAdmin = {
  guest: false,
  customer: false,
  owner: true,
  otherFarmer: false,
  admin: true,
};

const disclosures: Disclosure[] = [
  {
    name: 'GET /api/shop/single/{id} shows the stripeCustomerId',
    action: 'farm.readPrivate',
    url: (f) => `/api/shop/single/${f.farmId}`,
    shown: (body) => (body.shop as { stripeCustomerId: string }).stripeCustomerId !== '',
    expected: onlyOwnerAndAdmin,
  },
  {
    name: 'GET /api/farmers/{id} shows the e-mail and the storage count',
    action: 'farmer.readPrivate',
    url: (f) => `/api/farmers/${f.farmerId}`,
    shown: (body) => {
      const farmer = body.farmer as { email: string | null; storageUsedBytes: number | null };
      return farmer.email !== null && farmer.storageUsedBytes !== null;
    },
    expected: onlyOwnerAndAdmin,
  },
];

// Every case uploads a photo as the same owner: more than a person's upload limit allows.
const t = useTestApp({}, { uploadRule: { limit: 100_000, windowMs: 60_000 } });
const cast = useTestCast(t);
let photo: Buffer;
const shared = {} as Shared;
beforeAll(async () => {
  photo = await makeImage('png');
  const { db } = t.database;
  const ids = (['customer', 'owner', 'otherFarmer', 'admin'] as const).map(
    (actor) => cast[actor].id,
  );
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(inArray(users.id, ids));

  const farm = await send('owner', {
    method: 'POST',
    url: '/api/shop/create',
    body: { name: 'Shared Matrix Farm', location: { lat: 45.5, lng: -122.6 } },
  });
  const hidden = await send('owner', {
    method: 'POST',
    url: '/api/shop/create',
    body: { name: 'Hidden Matrix Farm', location: { lat: 45.5, lng: -122.6 } },
  });
  const hiddenFarmId: string = hidden.json().shop.id;
  const onSale = await send('owner', {
    method: 'POST',
    url: `/api/product/create/${farm.json().shop.id}`,
    body: { ...product, stock: 1000 },
  });
  const soldOut = await send('owner', {
    method: 'POST',
    url: `/api/product/create/${farm.json().shop.id}`,
    body: { ...product, stock: 0 },
  });
  const hiddenProduct = await send('owner', {
    method: 'POST',
    url: `/api/product/create/${hiddenFarmId}`,
    body: product,
  });
  Object.assign(shared, {
    farmerId: cast.owner.id,
    farmId: farm.json().shop.id,
    hiddenFarmId,
    hiddenProductId: hiddenProduct.json().product.id,
    productId: onSale.json().product.id,
    soldOutProductId: soldOut.json().product.id,
  });
  // Suspending a farm and subscribing one to a plan have no routes yet: straight to the rows.
  await db.update(farms).set({ status: 'suspended' }).where(eq(farms.id, hiddenFarmId));
  await db.update(farms).set({ stripeCustomerId: 'cus_matrix' }).where(eq(farms.id, shared.farmId));
});

async function send(
  actor: Actor,
  spec: {
    method: Method;
    url: string;
    body?: object | ((actor: Actor) => object);
    file?: Buffer | undefined;
    headers?: Record<string, string> | undefined;
  },
) {
  const headers: Record<string, string> = {
    ...spec.headers,
    ...(actor === 'guest' ? {} : cast[actor].headers),
  };
  // Every upload is a POST.
  if (spec.file) return injectFile(t, { url: spec.url, headers }, spec.file);
  const payload = typeof spec.body === 'function' ? spec.body(actor) : spec.body;
  return t.app.inject({ method: spec.method, url: spec.url, headers, payload });
}

/** The fixture of the running test, for bodies that name its farm. */
let currentFixture: Fixture;

/** A fresh farm of the owner's with a logo, a product with a photo, and a logo on every farmer. */
/**
 * The matrix makes hundreds of fixtures for one owner, and a plan holds at most 100 products across
 * a farmer's farms: the products of earlier fixtures are handed to a farmer of their own, keeping the
 * shared hidden product, so that every fixture starts with room on the owner's plan.
 */
let retired: string | undefined;
async function retireEarlierProducts(): Promise<void> {
  retired ??= (await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer', { plan: null }))
    .id;
  await t.database.db
    .update(products)
    .set({ farmerId: retired })
    .where(and(eq(products.farmerId, cast.owner.id), ne(products.id, shared.hiddenProductId)));
}

async function makeFixture(): Promise<Fixture> {
  await retireEarlierProducts();
  const farm = await send('owner', {
    method: 'POST',
    url: '/api/shop/create',
    body: { name: 'Owner Matrix Farm', location: { lat: 45.5, lng: -122.6 } },
  });
  const farmId: string = farm.json().shop.id;
  await send('owner', { method: 'POST', url: `/api/shop/${farmId}/logo`, file: photo });
  const created = await send('owner', {
    method: 'POST',
    url: `/api/product/create/${farmId}`,
    body: product,
  });
  const productId: string = created.json().product.id;
  const withPhoto = await send('owner', {
    method: 'POST',
    url: `/api/products/${productId}/images`,
    file: photo,
  });
  const imageId = String(withPhoto.json().product.images[0]).match(/([0-9a-f-]{36})-1200/)?.[1];
  for (const farmer of ['owner', 'otherFarmer', 'admin'] as const) {
    const res = await send(farmer, {
      method: 'POST',
      url: '/api/farmers/me/images/logo',
      file: photo,
    });
    expect(res.statusCode).toBe(200);
  }
  if (!imageId) throw new Error('fixture photo missing');
  const { db } = t.database;
  const [plan] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.farmerId, cast.owner.id));
  const [card] = await db
    .insert(paymentMethods)
    .values({ farmerId: cast.owner.id, type: 'card', last4: '4242' })
    .returning({ id: paymentMethods.id });
  if (!plan || !card) throw new Error('fixture plan missing');
  // Its own product: one that appears in an order cannot be deleted (product rules: products and
  // stock).
  const ordered = await send('owner', {
    method: 'POST',
    url: `/api/product/create/${farmId}`,
    body: product,
  });
  const order = await send('customer', {
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': randomUUID() },
    body: {
      items: [{ productId: ordered.json().product.id, quantity: 1 }],
      fulfilment: [{ farmId, method: 'pickup' }],
    },
  });
  const soldOut = await send('owner', {
    method: 'POST',
    url: `/api/product/create/${farmId}`,
    body: { ...product, stock: 0 },
  });
  const preorder = await send('customer', {
    method: 'POST',
    url: '/api/preorders',
    body: { productId: soldOut.json().product.id, quantity: 1 },
  });
  const added = await send('owner', { method: 'POST', url: '/api/events', body: event(farmId) });
  currentFixture = {
    farmId,
    productId,
    imageId,
    eventId: added.json().event.id,
    orderId: order.json().orders[0].id,
    preorderId: preorder.json().preOrder.id,
    subscriptionId: plan.id,
    paymentMethodId: card.id,
  };
  return currentFixture;
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
  } catch {
    return [];
  }
}

async function snapshot() {
  const { db } = t.database;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    customerProfiles: await db
      .select()
      .from(customerProfiles)
      .orderBy(asc(customerProfiles.userId)),
    farms: await db.select().from(farms).orderBy(asc(farms.id)),
    products: await db.select().from(products).orderBy(asc(products.id)),
    farmers: await db.select().from(farmers).orderBy(asc(farmers.id)),
    events: await db.select().from(events).orderBy(asc(events.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    orderHistory: await db.select().from(orderStatusHistory).orderBy(asc(orderStatusHistory.id)),
    preorders: await db.select().from(preorders).orderBy(asc(preorders.id)),
    // Usage counters move on their own (API calls are written every few seconds, and a refused
    // call is still a call), so they say nothing about what a request changed.
    subscriptions: (await db.select().from(subscriptions).orderBy(asc(subscriptions.id))).map(
      ({ usageStats: _usage, ...subscription }) => subscription,
    ),
    paymentMethods: await db.select().from(paymentMethods).orderBy(asc(paymentMethods.id)),
    files: listFiles(join(t.config.DATA_DIR, 'uploads')),
  };
}

/** Sends `call` as `actor` and checks the answer; a refused call must change nothing. */
async function expectOutcome(
  actor: Actor,
  call: Call,
  url: string,
  fixture?: Fixture,
): Promise<void> {
  const before = await snapshot();
  const { body } = call;
  const res = await send(actor, {
    method: call.method,
    url,
    body: typeof body === 'function' && fixture ? (a: Actor) => body(a, fixture) : body,
    headers: call.headers,
    file: call.upload && photo,
  });
  const expected = call.expected[actor];
  if (typeof expected === 'number') {
    expect(res.statusCode, res.body).toBe(expected);
    if (call.method !== 'GET') {
      expect(res.json().message).toEqual(expect.any(String));
      expect(await snapshot()).not.toEqual(before);
    }
  } else {
    expect(res.statusCode).toBe(expected.status);
    expect(res.json().message).toBe(expected.message);
    expect(await snapshot()).toEqual(before);
  }
}

it('tries every action of the policy through a route', () => {
  const tried = [...calls, ...accountCalls, ...reads, ...disclosures].map((call) => call.action);
  expect(new Set(tried)).toEqual(new Set(actions));
});

/**
 * The fixture the last cell of a call left untouched (it was refused, which the cell checks changed
 * nothing): the next actor of the same call starts from it. A fixture costs five photo uploads, and
 * most cells are refusals.
 */
let untouched: { call: Call; fixture: Fixture } | undefined;

describe.each(calls)('$action: $name', (call) => {
  it.each(actors)('as %s', async (actor) => {
    const fixture = untouched?.call === call ? untouched.fixture : await makeFixture();
    untouched = undefined;
    await expectOutcome(actor, call, call.url(fixture), fixture);
    if (typeof call.expected[actor] !== 'number') untouched = { call, fixture };
  });
});

describe.each(accountCalls)('$action: $name', (call) => {
  it.each(actors)('as %s', async (actor) => {
    const none = { farmId: '', productId: '', imageId: '', orderId: '', preorderId: '' };
    await expectOutcome(
      actor,
      call,
      call.url({ ...none, eventId: '', subscriptionId: '', paymentMethodId: '' }),
    );
  });
});

describe.each(reads)('$action: $name of a suspended farm', (read) => {
  it.each(actors)('as %s', async (actor) => {
    await expectOutcome(actor, { ...read, url: () => '' }, read.url(shared));
  });
});

describe.each(disclosures)('$action: $name', (disclosure) => {
  it.each(actors)('as %s', async (actor) => {
    const res = await send(actor, { method: 'GET', url: disclosure.url(shared) });
    expect(res.statusCode, res.body).toBe(200);
    expect(disclosure.shown(res.json())).toBe(disclosure.expected[actor]);
  });
});

describe('the SQL scopes select exactly the rows the policy allows', () => {
  const viewerOf = (actor: Actor): Viewer => (actor === 'guest' ? null : cast[actor]);
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

  it.each(actors)('as %s', async (actor) => {
    const { db } = t.database;
    const viewer = viewerOf(actor);
    const allFarms = await db.select().from(farms);
    const allProducts = await db.select().from(products);
    const visible = allFarms.filter((farm) =>
      can(viewer, 'farm.read', { farmerId: farm.farmerId, farmStatus: farm.status }),
    );
    expect(ids(await db.select().from(farms).where(visibleFarms(viewer)))).toEqual(ids(visible));
    if (viewer === null) return;
    expect(ids(await db.select().from(farms).where(ownFarms(viewer)))).toEqual(
      ids(allFarms.filter((farm) => can(viewer, 'farm.update', farm))),
    );
    expect(ids(await db.select().from(products).where(ownProducts(viewer)))).toEqual(
      ids(allProducts.filter((row) => can(viewer, 'product.update', row))),
    );
  });
});

it('tells a request whose token is no longer accepted that its session ended', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: 'Bearer not-a-token' },
  });
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe(errors.SESSION_EXPIRED.message);
});

describe('refused writes on things that do not exist', () => {
  const missing = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['PATCH', `/api/products/${missing}`, { price: 1 }],
    ['DELETE', `/api/products/${missing}`, undefined],
    ['POST', `/api/products/${missing}/stock`, { delta: 1 }],
  ] as const)('%s %s answers 404 "Product not found" to a farmer', async (method, url, body) => {
    const res = await send('otherFarmer', { method, url, body });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });

  it('PATCH /api/shop/{unknown} answers 404 "Farm not found"', async () => {
    const res = await send('owner', {
      method: 'PATCH',
      url: `/api/shop/${missing}`,
      body: { name: 'x' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Farm not found');
  });
});
