// EXPLAIN ANALYZE of the SQL each scenario runs: the server's own service functions are called once
// on a connection that records their queries, and each query is explained with its parameters.
import { browseProductsQuery } from '@furrow/domain/api/products';
import {
  FARM_PAGE_FIRST_PRODUCTS,
  FARM_PAGE_MORE_PRODUCTS,
} from '@furrow/domain/farm-product-pages';
import { login } from '../apps/server/src/modules/auth/auth.service';
import { getFarm } from '../apps/server/src/modules/farms/farms.service';
import { checkout } from '../apps/server/src/modules/orders/checkout.workflow';
import { createSandboxProvider, databaseSandboxStore } from '../apps/server/src/modules/payments';
import { browseProducts } from '../apps/server/src/modules/products/browse.service';
import { browseAnswerFromMemory } from '../apps/server/src/modules/products/browse-memory';
import { farmProductPage } from '../apps/server/src/modules/products/farm-products';
import { getProduct } from '../apps/server/src/modules/products/products.service';
import type { CapturingDb } from './database';
import { BENCH_PASSWORD, type Dataset } from './dataset';
import { benchCustomerEmail } from './load';

export interface ExplainedQuery {
  sql: string;
  plan: string[];
  /** A sequential scan of a big table: the query reads every row rather than an index. */
  scans: string[];
}

const bigTables = ['products', 'farms', 'users', 'orders', 'order_items'];

function sequentialScans(plan: string[]): string[] {
  return plan
    .map((line) => /Seq Scan on (\w+)/.exec(line)?.[1])
    .filter((table): table is string => table !== undefined && bigTables.includes(table));
}

export async function explainScenarios(
  capture: CapturingDb,
  dataset: Dataset,
  point: { lat: number; long: number },
): Promise<Record<string, ExplainedQuery[]>> {
  const farm = dataset.farms.find((candidate) => candidate.status === 'active');
  const product = dataset.products[dataset.products.length >> 1];
  const hot = dataset.hotProductIds[0];
  const bigProducts = dataset.products.filter((each) => each.farmId === dataset.bigFarmId);
  const bigProduct = bigProducts[bigProducts.length >> 1];
  if (!bigProduct) throw new Error('the dataset has no big farm');
  if (!farm || !product || !hot) throw new Error('the dataset has no active farm or product');
  const auth = {
    db: capture.db,
    secret: 'x'.repeat(48),
    publicUrl: 'http://localhost',
    google: null,
  };
  const session = await login(auth, { email: benchCustomerEmail(0), password: BENCH_PASSWORD });
  capture.take();

  // Paying at pickup calls no provider; the sandbox stands in for the type.
  const orderDeps = {
    db: capture.db,
    payments: createSandboxProvider({
      store: databaseSandboxStore(capture.db),
      webhookSecret: 'whsec_bench',
      publicUrl: 'http://127.0.0.1',
    }),
    clock: () => new Date(),
    publicUrl: 'http://127.0.0.1',
  };
  const scenarios: Record<string, () => Promise<unknown>> = {
    // Browse near and by category are answered from memory: the first one reads the nearest farms'
    // products (and the active farms) into it, and what follows asks nothing of the database.
    'browse near': () => browseAnswerFromMemory(capture.db, browseProductsQuery.parse(point)),
    'browse with a category': () =>
      browseAnswerFromMemory(
        capture.db,
        browseProductsQuery.parse({ ...point, categorySlug: 'fruit' }),
      ),
    'text search': () =>
      browseProducts(capture.db, browseProductsQuery.parse({ ...point, q: 'tomato' })),
    // As `GET /api/farms/{id}` asks for a shopper: the farm's own count stands for the page's.
    'farm page': async () => {
      const { productCount } = await getFarm(capture.db, farm.id, null);
      const first = { limit: FARM_PAGE_FIRST_PRODUCTS };
      await farmProductPage(capture.db, null, farm.id, first, productCount);
    },
    'farm page of the big farm': async () => {
      const { productCount } = await getFarm(capture.db, dataset.bigFarmId, null);
      const first = { limit: FARM_PAGE_FIRST_PRODUCTS };
      await farmProductPage(capture.db, null, dataset.bigFarmId, first, productCount);
    },
    'farm page of the big farm, next page': () =>
      farmProductPage(capture.db, null, dataset.bigFarmId, {
        limit: FARM_PAGE_MORE_PRODUCTS,
        after: bigProduct,
      }),
    'product page': () => getProduct(capture.db, product.id, null, point),
    'checkout of 1 unit': () =>
      checkout(orderDeps, { id: session.user.id, role: 'customer' }, `explain-${Date.now()}`, {
        items: [{ productId: hot, quantity: 1 }],
        fulfilment: [{ farmId: farm.id, method: 'pickup' }],
        payment: 'pay_at_pickup',
        note: '',
      }),
    'sign-in': () => login(auth, { email: benchCustomerEmail(1), password: BENCH_PASSWORD }),
  };
  const explained: Record<string, ExplainedQuery[]> = {};
  for (const [name, run] of Object.entries(scenarios)) {
    await run();
    const queries = capture
      .take()
      .filter((query) => /^\s*(select|update|insert|delete|with)\b/i.test(query.sql));
    explained[name] = [];
    for (const query of queries) {
      const plan = await explainSafely(capture, query);
      explained[name].push({ sql: query.sql, plan, scans: sequentialScans(plan) });
    }
  }
  return explained;
}

/** EXPLAIN ANALYZE runs the statement, so a write is only planned: it must not change the data. */
function explainSafely(capture: CapturingDb, query: { sql: string; params: unknown[] }) {
  return capture.explain(query, /^\s*select\b/i.test(query.sql));
}
