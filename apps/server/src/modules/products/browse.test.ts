import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/test-app';

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
  it('finds demo products near Portland, nearest first, all within the radius', async () => {
    const res = await browse(portland);
    expect(res.statusCode).toBe(200);
    const { products } = res.json();
    expect(products.length).toBeGreaterThan(20);
    const distances = products.map((p: { distanceKm: number }) => p.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(50);
    expect(products.every((p: { farm: { region: string } }) => p.farm.region === 'OR')).toBe(true);
    const first = products[0];
    expect(first).toMatchObject({
      price: expect.any(Number),
      inStock: first.stock > 0,
      farmer: { id: first.farmerId, name: expect.any(String) },
    });
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

  it("reads every farm in the radius, each farm's products together and by name", async () => {
    const { products: all } = (await browse({ ...portland, limit: 200 })).json();
    const inRadius = await t.database.db.execute(sql`
      select count(*)::int as n from products p join farms f on f.id = p.farm_id
      where f.status = 'active'
        and earth_distance(ll_to_earth(f.lat, f.lng), ll_to_earth(${portland.lat}, ${portland.long})) <= 50000`);
    const [{ n }] = (inRadius as unknown as { rows: { n: number }[] }).rows as [{ n: number }];
    expect(new Set(all.map((p: { farm: { id: string } }) => p.farm.id)).size).toBeGreaterThan(4);
    expect(all).toHaveLength(n);
    const farmsInOrder = all
      .map((p: { farm: { id: string } }) => p.farm.id)
      .filter((id: string, index: number, ids: string[]) => index === 0 || ids[index - 1] !== id);
    expect(new Set(farmsInOrder).size).toBe(farmsInOrder.length);
    for (const [index, product] of all.entries()) {
      const previous = all[index - 1];
      if (previous?.farm.id === product.farm.id) {
        expect(previous.name.localeCompare(product.name, 'en')).toBeLessThanOrEqual(0);
      }
    }
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
