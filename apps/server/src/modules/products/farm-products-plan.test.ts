import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { createTestUser } from '../../testing/users';
import { farmProductRows } from './farm-products';
import { products } from './products.schema';

const t = useTestApp();

/** The plan the planner chooses, on a table analysed with one farm of many products. */
async function planOf(query: { getSQL(): SQL }) {
  const result = await t.database.db.execute(sql`explain ${query.getSQL()}`);
  const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

describe("the pages of a large farm's products", () => {
  let farmId: string;
  beforeAll(async () => {
    const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shop/create',
      headers: farmer.headers,
      payload: { name: 'Big Farm', location: { lat: 45.6, lng: -122.8 } },
    });
    farmId = created.json().shop.id;
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      farmId,
      farmerId: farmer.id,
      name: `Product ${String(i).padStart(5, '0')}`,
      priceCents: 100,
      unit: 'each',
      categorySlug: i % 2 ? ('vegetables' as const) : ('fruit' as const),
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await t.database.db.insert(products).values(rows.slice(i, i + 1000));
    }
    await t.database.db.execute(sql`analyze products`);
  });

  const after = { name: 'Product 02500', id: '00000000-0000-4000-8000-000000000000' };

  it.each([
    ['the first page', {}],
    ['a page deep in the list', { after }],
    ['a page of one category', { after, categorySlug: 'fruit' as const }],
    ['a page of a search', { q: 'product 04' }],
  ])('reads %s as a range of the (farm, name, id) index, without sorting', async (_name, query) => {
    const plan = await planOf(
      farmProductRows(t.database.db, null, farmId, { limit: 40, ...query }),
    );
    expect(plan).toContain('products_farm_name_idx');
    expect(plan).not.toMatch(/Seq Scan on products|Sort/);
    if ('after' in query) expect(plan).toMatch(/Index Cond: .*farm_id.*name/s);
  });
});
