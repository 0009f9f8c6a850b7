import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../demo/seed';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { nearbyFarms, productFilters, productPage } from './browse.service';

const portland = { lat: 45.5152, long: -122.6784 };
const austin = { lat: 30.2672, long: -97.7431 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db);
});
afterAll(() => t.close());

async function browse(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return t.app.inject({ method: 'GET', url: `/api/products?${search}` });
}

describe('GET /api/products', () => {
  it('finds demo products near Portland, a few per farm in turn, nearest farm first, all within the radius', async () => {
    const res = await browse(portland);
    expect(res.statusCode).toBe(200);
    const { products } = res.json();
    expect(products.length).toBeGreaterThan(20);
    const distances = products.map((p: { distanceKm: number }) => p.distanceKm);
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    // Each round holds at most three products per farm, the farms in order of distance.
    const farmCount = new Set(products.map((p: { farm: { id: string } }) => p.farm.id)).size;
    const firstRound = distances.slice(0, 3 * farmCount);
    const farmsInTurn = firstRound.filter((d: number, i: number) => d !== firstRound[i - 1]);
    expect(farmsInTurn).toEqual([...farmsInTurn].sort((a, b) => a - b));
    expect(new Set(farmsInTurn).size).toBe(farmCount);
    expect(products.every((p: { farm: { region: string } }) => p.farm.region === 'OR')).toBe(true);
    const first = products[0];
    expect(first).toMatchObject({
      price: expect.any(Number),
      inStock: first.stock > 0,
      farmer: { id: first.farmerId, name: expect.any(String) },
    });
  });

  it('shows products of at least three farms on the first page near each metro, no farm more than three in a row', async () => {
    for (const metro of [portland, austin]) {
      const { products } = (await browse({ ...metro, limit: 12 })).json();
      const farmIds: string[] = products.map((p: { farm: { id: string } }) => p.farm.id);
      expect(new Set(farmIds).size).toBeGreaterThanOrEqual(3);
      const runsOfFour = farmIds
        .slice(0, -3)
        .filter((id, i) => farmIds.slice(i, i + 4).every((other) => other === id));
      expect(runsOfFour).toEqual([]);
      // What can be bought today comes first.
      expect(products[0]).toMatchObject({ inStock: true, availableFrom: null });
    }
  });

  it('sorts by price and by newest on request', async () => {
    const cheapest = (await browse({ ...portland, sort: 'price', limit: 200 })).json().products;
    type Listed = { price: number; inStock: boolean; availableFrom: string | null };
    const today = new Date().toISOString().slice(0, 10);
    const forSale = (p: Listed) =>
      p.inStock && (p.availableFrom === null || p.availableFrom <= today);
    const buyable = cheapest.filter(forSale);
    const later = cheapest.filter((p: Listed) => !forSale(p));
    // Sold-out and upcoming products come after everything that can be bought now, each part cheapest first.
    expect(buyable.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(0);
    expect(cheapest).toEqual([...buyable, ...later]);
    for (const part of [buyable, later]) {
      const prices = part.map((p: Listed) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }
    // The cheapest product that cannot be bought now is cheaper than the last one that can.
    expect(later[0].price).toBeLessThan(buyable[buyable.length - 1].price);
    const newest = (await browse({ ...portland, sort: 'newest', limit: 5 })).json().products;
    expect(newest).toHaveLength(5);
    expect((await browse({ ...portland, sort: 'random' })).statusCode).toBe(400);
  });

  it('keeps Austin and Portland apart', async () => {
    const { products } = (await browse(austin)).json();
    expect(products.length).toBeGreaterThan(20);
    expect(products.every((p: { farm: { region: string } }) => p.farm.region === 'TX')).toBe(true);
  });

  it('filters by category', async () => {
    const { products } = (await browse({ ...portland, categorySlug: 'fruit' })).json();
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p: { categorySlug: string }) => p.categorySlug === 'fruit')).toBe(true);
  });

  it('pages through the same order without gaps or repeats', async () => {
    const { products: all } = (await browse({ ...portland, limit: 200 })).json();
    const pages = [];
    for (let offset = 0; offset < all.length; offset += 25) {
      const { products } = (await browse({ ...portland, limit: 25, offset })).json();
      pages.push(...products);
    }
    expect(pages.map((p: { id: string }) => p.id)).toEqual(all.map((p: { id: string }) => p.id));
  });

  it('reads every shown product in the radius, and a page from the nearest farms is the page all farms give', async () => {
    const { products: all } = (await browse({ ...portland, limit: 200 })).json();
    const inRadius = await t.database.db.execute(sql`
      select count(*)::int as n from products p join farms f on f.id = p.farm_id
      where f.status = 'active' and not p.hidden_by_farmer and not p.hidden_by_plan
        and earth_distance(ll_to_earth(f.lat, f.lng), ll_to_earth(${portland.lat}, ${portland.long})) <= 50000`);
    const [{ n }] = (inRadius as unknown as { rows: { n: number }[] }).rows as [{ n: number }];
    expect(all).toHaveLength(n);

    // The first pages, read from a group of the nearest farms, are those of one query over them all.
    const farmIds = (await nearbyFarms(t.database.db, { ...portland, radiusKm: 50 })).map(
      (farm) => farm.id,
    );
    const everyFarm = await productPage(t.database.db, farmIds, productFilters({}), 48);
    const ids = (list: { id: string }[]) => list.map((product) => product.id);
    const firstTwoPages = [
      ...(await browse({ ...portland, limit: 24 })).json().products,
      ...(await browse({ ...portland, limit: 24, offset: 24 })).json().products,
    ];
    expect(ids(firstTwoPages)).toEqual(everyFarm.map((row) => row.product.id));
  });

  it('searches names and descriptions, taking % and _ literally', async () => {
    const { products } = (await browse({ ...austin, q: 'pecan' })).json();
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(`${p.name} ${p.description}`.toLowerCase()).toContain('pecan');
    }
    const lean = (await browse({ ...austin, q: '85%' })).json().products;
    expect(lean.map((p: { name: string }) => p.name)).toContain('Ground Beef');
    // Unescaped, "n_t" would match "nut" in the pecans' and hazelnuts' descriptions.
    expect((await browse({ ...austin, q: 'n_t' })).json().products).toEqual([]);
  });

  it('finds nothing in the middle of the ocean', async () => {
    const { products } = (await browse({ lat: 0, long: -140 })).json();
    expect(products).toEqual([]);
  });

  it('refuses an unknown category and a missing location', async () => {
    expect((await browse({ ...portland, categorySlug: 'gadgets' })).statusCode).toBe(400);
    const missing = await browse({ lat: 45.5 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('long');
  });
});
