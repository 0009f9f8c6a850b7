import { FARM_PAGE_FIRST_PRODUCTS } from '@furrow/domain/farm-product-pages';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { createTestUser, type TestUser, useTestCast } from '../../testing/users';
import { farms } from '../farms/farms.schema';
import { products } from './products.schema';

const t = useTestApp();
const cast = useTestCast(t);

interface Listed {
  id: string;
  name: string;
  description: string;
  categorySlug: string;
  hiddenByFarmer: boolean;
}

let farmer: TestUser;
let farmId: string;
/** Every product of the farm in the page order: name, then id for equal names. */
let all: Listed[];

beforeAll(async () => {
  farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/shop/create',
    headers: farmer.headers,
    payload: { name: 'Many Rows Farm', location: { lat: 45.6, lng: -122.8 } },
  });
  farmId = created.json().shop.id;
  // Three products share each name, so that only the id orders them; every fifth is hidden.
  const rows = Array.from({ length: 75 }, (_, i) => ({
    farmId,
    farmerId: farmer.id,
    name: `${i % 2 ? 'Kale' : 'Carrots'} ${String(Math.floor(i / 3)).padStart(2, '0')}`,
    description: i % 7 === 0 ? 'Sweet after frost' : 'Grown on the island',
    priceCents: 300,
    unit: 'bunch',
    categorySlug: i % 3 === 0 ? ('herbs' as const) : ('vegetables' as const),
    stock: 5,
    hiddenByFarmer: i % 5 === 0,
  }));
  all = (await t.database.db.insert(products).values(rows).returning()).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1,
  );
});

async function get(url: string, user?: TestUser) {
  return t.app.inject({ method: 'GET', url, headers: user?.headers });
}

/** The farm page, then every following page, as `user` sees them with the given filters. */
async function walk(user: TestUser | undefined, filters = '') {
  const first = (await get(`/api/farms/${farmId}`, user)).json();
  let page = filters ? (await get(`/api/farms/${farmId}/products?${filters}`, user)).json() : first;
  const seen = [...page.products];
  const totals = [page.total];
  while (page.nextCursor) {
    const after = encodeURIComponent(page.nextCursor);
    const next = await get(
      `/api/farms/${farmId}/products?after=${after}&limit=25&${filters}`,
      user,
    );
    expect(next.statusCode).toBe(200);
    page = next.json();
    expect(page.products.length).toBeGreaterThan(0);
    seen.push(...page.products);
    totals.push(page.total);
  }
  return { first, seen: seen.map((product: Listed) => product.id), totals };
}

const ids = (list: Listed[]) => list.map((product) => product.id);

describe("a farm's products, a page at a time", () => {
  it('the farm page carries the first page, the count and the cursor of the next', async () => {
    const res = await get(`/api/farms/${farmId}`);
    expect(res.statusCode).toBe(200);
    const shown = all.filter((product) => !product.hiddenByFarmer);
    expect(res.json()).toMatchObject({ farm: { id: farmId }, total: shown.length });
    expect(res.json().products.map((product: Listed) => product.id)).toEqual(
      ids(shown.slice(0, FARM_PAGE_FIRST_PRODUCTS)),
    );
    expect(res.json().nextCursor).toEqual(expect.any(String));
  });

  it('following the cursors lists every product a shopper may see once, in name order', async () => {
    const shown = all.filter((product) => !product.hiddenByFarmer);
    for (const user of [undefined, cast.customer]) {
      const { seen, totals } = await walk(user);
      expect(seen).toEqual(ids(shown));
      // Counted on the first page only.
      expect(totals).toEqual([shown.length, ...totals.slice(1).map(() => null)]);
      expect(totals.length).toBeGreaterThan(1);
    }
  });

  it('lists the hidden products too for the owner and admins', async () => {
    for (const user of [farmer, cast.admin]) {
      const { seen, totals } = await walk(user);
      expect(seen).toEqual(ids(all));
      expect(totals[0]).toBe(all.length);
    }
  });

  it('filters by category and by words in the name or description, counting what matches', async () => {
    const shown = all.filter((product) => !product.hiddenByFarmer);
    const herbs = await walk(undefined, 'categorySlug=herbs');
    expect(herbs.seen).toEqual(ids(shown.filter((product) => product.categorySlug === 'herbs')));
    expect(herbs.totals[0]).toBe(herbs.seen.length);

    const frost = await walk(undefined, 'q=AFTER%20FROST');
    const sweet = shown.filter((product) => product.description === 'Sweet after frost');
    expect(sweet.length).toBeGreaterThan(0);
    expect(frost.seen).toEqual(ids(sweet));
    const kale = await walk(undefined, 'q=kale%2001');
    expect(kale.seen).toEqual(ids(shown.filter((product) => product.name === 'Kale 01')));
  });

  it('treats % and _ in the search text as the characters they are', async () => {
    const res = await get(`/api/farms/${farmId}/products?q=%25`);
    expect(res.json()).toEqual({ products: [], total: 0, nextCursor: null });
  });

  it('refuses a cursor it did not make and a limit out of range, and an unknown farm', async () => {
    for (const query of ['after=Kale', 'after=', 'limit=0', 'limit=101', 'categorySlug=rocks']) {
      const res = await get(`/api/farms/${farmId}/products?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const unknown = await get('/api/farms/00000000-0000-4000-8000-000000000000/products');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Farm not found');
  });

  it('hides the products of a suspended farm from all but its owner and admins', async () => {
    await t.database.db.update(farms).set({ status: 'suspended' }).where(eq(farms.id, farmId));
    try {
      expect((await get(`/api/farms/${farmId}/products`, cast.customer)).statusCode).toBe(404);
      expect((await get(`/api/farms/${farmId}/products`, farmer)).json().total).toBe(all.length);
    } finally {
      await t.database.db.update(farms).set({ status: 'active' }).where(eq(farms.id, farmId));
    }
  });
});
