import { categorySlugs } from '@furrow/domain/categories';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { farms, products, users } from './schema';
import { seedDemoData } from './seed';

const t = useTestApp();

describe('demo data', () => {
  it('loads at least 12 farms, 150 products and the three demo accounts, once', async () => {
    const summary = await seedDemoData(t.database.db);
    expect(summary?.farms).toBeGreaterThanOrEqual(12);
    expect(summary?.products).toBeGreaterThanOrEqual(150);
    const db = t.database.db;
    const [farmCount] = await db.select({ n: count() }).from(farms);
    const [productCount] = await db.select({ n: count() }).from(products);
    expect(farmCount?.n).toBe(summary?.farms);
    expect(productCount?.n).toBe(summary?.products);
    const roles = (await db.select({ role: users.role }).from(users)).map((u) => u.role);
    expect(new Set(roles)).toEqual(new Set(['customer', 'farmer', 'admin']));

    expect(await seedDemoData(db)).toBeNull();
    const [again] = await db.select({ n: count() }).from(products);
    expect(again?.n).toBe(summary?.products);
  });

  it('uses only the fixed categories', async () => {
    const rows = await t.database.db.selectDistinct({ slug: products.categorySlug }).from(products);
    for (const { slug } of rows) expect(categorySlugs).toContain(slug);
  });
});
