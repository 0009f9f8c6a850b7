// What each scenario asks of the server, a different request each time: a shopper at a random
// populated point, a random farm or product, a random customer checking out a contended product.
import { randomBytes, randomUUID } from 'node:crypto';
import { categorySlugs } from '@furrow/domain/categories';
import { encodeProductCursor, FARM_PAGE_MORE_PRODUCTS } from '@furrow/domain/farm-product-pages';
import type { Request } from 'autocannon';
import {
  BENCH_CUSTOMERS,
  BENCH_PASSWORD,
  cityPicker,
  type Dataset,
  populatedPoint,
} from './dataset';
import { benchCustomerEmail } from './load';

export interface Scenario {
  name: string;
  request: Request;
  /** An answer that is right though not 2xx (checkout's "Insufficient stock" once stock runs out). */
  expected?: (status: number, body: string) => boolean;
  /** Runs alone, outside the comparison (sign-in is bound by argon2 by design). */
  own?: boolean;
}

const searches = ['tomato', 'honey', 'eggs', 'apple', 'basil', 'sourdough', 'carrot', 'peach'];
/** Shoppers are spread around a city about as far as its suburbs reach. */
const SHOPPER_SPREAD_KM = 30;

function randomAddress(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

function pickFrom<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

/** A shopper's whereabouts as query parameters, at a new random populated point each call. */
export function shopperPoints(): () => string {
  const pickCity = cityPicker(Math.random);
  return () => {
    const point = populatedPoint(Math.random, pickCity, SHOPPER_SPREAD_KM);
    return `lat=${point.lat}&long=${point.lng}`;
  };
}

export function scenarios(dataset: Dataset, tokens: string[]): Scenario[] {
  const near = shopperPoints();
  const activeFarms = new Set(
    dataset.farms.filter((farm) => farm.status === 'active').map((farm) => farm.id),
  );
  const farmIds = [...activeFarms];
  const productIds = dataset.products
    .filter((product) => activeFarms.has(product.farmId))
    .map((product) => product.id);
  const hotFarm = dataset.products.find(
    (product) => product.id === dataset.hotProductIds[0],
  )?.farmId;
  const bigFarmProducts = dataset.products.filter(
    (product) => product.farmId === dataset.bigFarmId,
  );
  const get = (path: () => string): Request => ({
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: path() }),
  });
  return [
    { name: 'browse near', request: get(() => `/api/products?${near()}`) },
    {
      name: 'browse with a category',
      request: get(() => `/api/products?${near()}&categorySlug=${pickFrom(categorySlugs)}`),
    },
    {
      name: 'text search',
      request: get(() => `/api/products?${near()}&q=${pickFrom(searches)}`),
    },
    { name: 'farm page', request: get(() => `/api/farms/${pickFrom(farmIds)}`) },
    { name: 'farm page of the big farm', request: get(() => `/api/farms/${dataset.bigFarmId}`) },
    {
      // "Show more" anywhere in the big farm's list: the page after a product picked at random.
      name: 'farm page of the big farm, next page',
      request: get(() => {
        const { name, id } = pickFrom(bigFarmProducts);
        const after = encodeURIComponent(encodeProductCursor({ name, id }));
        return `/api/farms/${dataset.bigFarmId}/products?after=${after}&limit=${FARM_PAGE_MORE_PRODUCTS}`;
      }),
    },
    {
      name: 'product page',
      request: get(() => `/api/products/${pickFrom(productIds)}?${near()}`),
    },
    {
      name: 'checkout of 1 unit (contended)',
      request: {
        method: 'POST',
        path: '/api/orders',
        setupRequest: (request) => ({
          ...request,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${pickFrom(tokens)}`,
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({
            items: [{ productId: pickFrom(dataset.hotProductIds), quantity: 1 }],
            fulfilment: [{ farmId: hotFarm, method: 'pickup' }],
          }),
        }),
      },
      expected: (status, body) => status === 409 && body.includes('Insufficient stock'),
    },
    {
      name: 'sign-in',
      own: true,
      request: {
        method: 'POST',
        path: '/api/login',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
          body: JSON.stringify({
            email: benchCustomerEmail(Math.floor(Math.random() * BENCH_CUSTOMERS)),
            password: BENCH_PASSWORD,
          }),
        }),
      },
    },
  ];
}

/** Session tokens of `count` bench customers, each signed in from an address of its own. */
export async function signInCustomers(base: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let index = 0; index < count; index++) {
    const answer = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
      body: JSON.stringify({ email: benchCustomerEmail(index), password: BENCH_PASSWORD }),
    });
    if (!answer.ok) throw new Error(`sign-in of a bench customer: ${answer.status}`);
    tokens.push(((await answer.json()) as { token: string }).token);
  }
  return tokens;
}
