import { and, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../demo/seed';
import { useTestApp } from '../../testing/test-app';
import { nearbyFarms, productFilters, productPage } from './browse.service';
import { products } from './products.schema';

const portland = { lat: 45.5152, long: -122.6784, radiusKm: 50 };

/**
 * The plan of a query with sequential scans switched off: an index the query cannot use (its
 * expression differs from the index's) still shows as a sequential scan, whatever the table's size.
 * The demo data is too small for the planner's own choice to say anything.
 */
async function planOf(t: ReturnType<typeof useTestApp>, query: { getSQL(): SQL }) {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query.getSQL()}`);
    const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
    return rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('the queries of a browse use their indexes', () => {
  const t = useTestApp();
  beforeAll(() => seedDemoData(t.database.db));

  it('finds farms near a point through the GiST index on their location', async () => {
    const plan = await planOf(t, nearbyFarms(t.database.db, portland));
    expect(plan).toContain('farms_location_idx');
    expect(plan).not.toMatch(/Seq Scan on farms/);
  });

  it.each([
    ['near', {}],
    ['with a category', { categorySlug: 'fruit' as const }],
    ['with a search text', { q: 'tomato' }],
  ])('reads the products of the nearest farms by farm (%s)', async (_name, options) => {
    const farms = await nearbyFarms(t.database.db, portland);
    const group = farms.slice(0, 4).map((farm) => farm.id);
    expect(group.length).toBeGreaterThan(0);
    const plan = await planOf(t, productPage(t.database.db, group, productFilters(options), 60));
    expect(plan).toMatch(/products_farm_(category_)?idx/);
    expect(plan).not.toMatch(/Seq Scan on products/);
  });

  it('finds the products that match a search text through their trigram indexes', async () => {
    // A search reads every farm in the radius at once (`browseProducts`): at 100,000 products the
    // planner takes these indexes for it, while the demo's few products per farm make reading by
    // farm cheaper. So the search's own condition is planned alone, as the query writes it.
    const matching = t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(...productFilters({ q: 'tomato' })));
    const plan = await planOf(t, matching);
    expect(plan).toContain('products_name_trgm_idx');
    expect(plan).toContain('products_description_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on products/);
  });
});
