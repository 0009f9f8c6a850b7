import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { useTestApp } from '../../testing/test-app';
import { useTestCast } from '../../testing/users';
import { products } from './products.schema';

/**
 * Acceptance: stock changes that race. PGlite runs one statement at a time, so the real
 * race only happens on PostgreSQL (TEST_DATABASE_URL): run this file on both.
 */

const t = useTestApp();
const cast = useTestCast(t);
let farmId: string;
beforeAll(async () => {
  farmId = await createTestFarm(t, cast.owner, {
    name: 'Race Farm',
    location: { lat: 45.5, lng: -122.6 },
  });
});

function productWithStock(stock: number): Promise<string> {
  return createTestProduct(t, cast.owner, farmId, {
    name: 'Eggs',
    price: 6,
    unit: 'dozen',
    categorySlug: 'eggs-dairy',
    stock,
  });
}

function changeStock(id: string, body: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/products/${id}/stock`,
    headers: cast.owner.headers,
    payload: body,
  });
}

async function stockOf(id: string): Promise<number | undefined> {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row?.stock;
}

describe(`concurrent stock changes (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('100 requests each taking 1 from 50: exactly 50 succeed, 50 "Insufficient stock", 0 left', async () => {
    const id = await productWithStock(50);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => changeStock(id, { delta: -1 })),
    );
    const ok = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode === 409);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(50);
    for (const res of refused) expect(res.json().message).toBe('Insufficient stock');
    // Each success saw a different stock on its way down: 49, 48, ..., 0.
    const seen = ok.map((res) => res.json().product.stock as number).sort((a, b) => a - b);
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(await stockOf(id)).toBe(0);
  });

  it('any mix of concurrent adds and takes ends at the start plus the accepted changes, never below 0', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.integer({ min: -6, max: 4 }), { minLength: 1, maxLength: 30 }),
        async (start, deltas) => {
          const id = await productWithStock(start);
          const answers = await Promise.all(deltas.map((delta) => changeStock(id, { delta })));
          let accepted = 0;
          for (const [i, res] of answers.entries()) {
            if (res.statusCode === 200) accepted += deltas[i] ?? 0;
            else expect(res.json().message).toBe('Insufficient stock');
            if (res.statusCode === 200) expect(res.json().product.stock).toBeGreaterThanOrEqual(0);
          }
          expect(await stockOf(id)).toBe(start + accepted);
          // Only takes can be refused, and only when the stock could not cover them.
          for (const [i, res] of answers.entries()) {
            if (res.statusCode !== 200) expect(deltas[i]).toBeLessThan(0);
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
