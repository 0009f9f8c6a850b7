import {
  type BrowseProductsQuery,
  browseProductsQuery,
  productListAnswer,
} from '@furrow/domain/api/products';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';
import { useTestCast } from '../../testing/users';
import { farms } from '../farms/farms.schema';
import { browseProducts } from './browse.service';
import { browseAnswerFromMemory } from './browse-memory';
import { forgetFarms } from './nearby-farms-index';
import { products } from './products.schema';
import { forgetFarmProducts, holdShownProducts } from './shown-products-index';

// Browse is served from memory (browse-memory.ts); `browseProducts` (SQL) is the reference it must
// equal, byte for byte, for any farms, products, point and options.

const t = useTestApp();
const cast = useTestCast(t);

const centre = { lat: 44.05, long: -123.09 };
// A few farms around the centre, some at the very same place (their order is then by id).
const places = [
  [0, 0],
  [0, 0],
  [0.02, 0.01],
  [0.05, -0.04],
  [-0.1, 0.08],
  [0.2, 0.2],
  [-0.35, 0.1],
  [0.03, 0.03],
  [-0.03, -0.02],
  [0.08, -0.1],
  [0.1, 0.1],
];
const categories = ['vegetables', 'fruit', 'honey-preserves'] as const;

let farmIds: string[] = [];
let farmerOf = new Map<string, string>();
let days: string[] = [];

beforeAll(async () => {
  const farmers = [cast.owner.id, cast.otherFarmer.id];
  const rows = await t.database.db
    .insert(farms)
    .values(
      places.map(([dLat, dLong], i) => ({
        farmerId: farmers[i % 2] as string,
        name: `Property Farm ${i}`,
        city: 'Eugene',
        region: 'OR',
        lat: centre.lat + (dLat ?? 0),
        lng: centre.long + (dLong ?? 0),
      })),
    )
    .returning({ id: farms.id, farmerId: farms.farmerId });
  await forgetFarms(t.database.db);
  farmIds = rows.map((row) => row.id);
  farmerOf = new Map(rows.map((row) => [row.id, row.farmerId]));
  // Yesterday, today and tomorrow as the database counts them: upcoming is after `current_date`.
  const result = await t.database.db.execute(
    sql`select (current_date - 1)::text as a, current_date::text as b, (current_date + 1)::text as c`,
  );
  const [row] = (result as unknown as { rows: { a: string; b: string; c: string }[] }).rows;
  days = row ? [row.a, row.b, row.c] : [];
});

const productArb = fc.record({
  // Some farms with many products, others with one or two: pages that need more than one round.
  farm: fc.oneof(fc.constantFrom(0, 5), fc.nat({ max: places.length - 1 })),
  category: fc.constantFrom(...categories),
  priceCents: fc.constantFrom(100, 250, 250, 999),
  stock: fc.constantFrom(0, 1, 5),
  // Few distinct instants, some a microsecond apart: ties and sub-millisecond order both occur.
  createdAt: fc.nat({ max: 4 }),
  micros: fc.constantFrom(0, 0, 1, 999),
  availableFrom: fc.constantFrom(null, null, 0, 1, 2),
  hiddenByFarmer: fc.constantFrom(false, false, false, false, true),
  hiddenByPlan: fc.constantFrom(false, false, false, false, true),
});

type ProductSpec = typeof productArb extends fc.Arbitrary<infer T> ? T : never;

const optionsArb = fc.record({
  lat: fc.double({ min: centre.lat - 0.2, max: centre.lat + 0.2, noNaN: true }),
  long: fc.double({ min: centre.long - 0.2, max: centre.long + 0.2, noNaN: true }),
  radiusKm: fc.constantFrom(5, 20, 50, 50, 100),
  categorySlug: fc.option(fc.constantFrom(...categories), { nil: undefined, freq: 2 }),
  sort: fc.constantFrom('nearest', 'price', 'newest'),
  offset: fc.oneof(fc.constant(0), fc.nat({ max: 12 })),
  limit: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 25 })),
});

async function putProducts(list: ProductSpec[]): Promise<void> {
  const db = t.database.db;
  await db.delete(products).where(inArray(products.farmId, farmIds));
  if (list.length > 0) {
    await db.insert(products).values(
      list.map((p, i) => {
        const farmId = farmIds[p.farm] as string;
        return {
          farmId,
          farmerId: farmerOf.get(farmId) as string,
          name: `Product ${i}`,
          description: `Number ${i}`,
          priceCents: p.priceCents,
          unit: 'each',
          categorySlug: p.category,
          stock: p.stock,
          availableFrom: p.availableFrom === null ? null : (days[p.availableFrom] as string),
          hiddenByFarmer: p.hiddenByFarmer,
          hiddenByPlan: p.hiddenByPlan,
          createdAt: sql`timestamptz '2026-03-01 08:00:00+00' + ${p.createdAt * 1000 + p.micros} * interval '1 microsecond'`,
        };
      }),
    );
  }
  await forgetFarmProducts(db, { farmIds });
}

const serialize = serializerCompiler({
  schema: productListAnswer,
  method: 'GET',
  url: '/api/products',
});

async function bothAnswers(query: BrowseProductsQuery) {
  const fromSql = serialize({ products: await browseProducts(t.database.db, query) });
  const fromMemory = await browseAnswerFromMemory(t.database.db, query);
  return { fromSql, fromMemory };
}

/**
 * Checks, for random catalogues and browses, that every answer from memory is the SQL reference's,
 * and that memory answers every browse unless it `mayAskDatabase`; resolves to how many it answered.
 */
async function answersFromMemoryMatchSql(mayAskDatabase: boolean): Promise<number> {
  let answered = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(productArb, { minLength: 5, maxLength: 80, size: 'max' }),
      fc.array(optionsArb, { minLength: 1, maxLength: 6 }),
      async (list, optionsList) => {
        await putProducts(list);
        for (const options of optionsList) {
          const { fromSql, fromMemory } = await bothAnswers(browseProductsQuery.parse(options));
          if (fromMemory === null && mayAskDatabase) continue;
          answered++;
          expect(fromMemory).toBe(fromSql);
        }
      },
    ),
    { numRuns: 40 },
  );
  return answered;
}

describe('browse from memory', () => {
  it('answers, byte for byte, what the SQL reference and the schema serializer give', async () => {
    // With room for every farm, memory answers every browse.
    await answersFromMemoryMatchSql(false);
  });

  it('answers the same from the heads of farms when no farm can be held whole', async () => {
    // No room for a whole farm: each farm is read by its first products, and a browse that needs
    // more of a farm than that goes to the database.
    holdShownProducts(t.database.db, 0);
    expect(await answersFromMemoryMatchSql(true)).toBeGreaterThan(0);
  });
});
