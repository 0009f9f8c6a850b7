import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, inArray, sum } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { jobs } from '../jobs/jobs.schema';
import { orderItems, orders } from '../modules/orders/orders.schema';
import { products } from '../modules/products/products.schema';
import { createTestFarm, createTestProduct } from './farms';
import { memoryMailer } from './mailer';
import { createPostgresDatabase } from './postgres-database';
import { createTestUser, type TestUser } from './users';

/**
 * The data a server process runs on, seen from the test: a PGlite directory (readable only while
 * no server holds it) or a PostgreSQL database of its own, and the settings every process on it
 * gets.
 */
export interface ProcessData {
  label: 'PGlite' | 'PostgreSQL';
  /** DATA_DIR, JWT_SECRET and DATABASE_URL when on PostgreSQL: what each server process is given. */
  env: Record<string, string>;
  open(): Promise<Database>;
  /** Removes DATA_DIR and drops the PostgreSQL database. */
  drop(): Promise<void>;
}

export async function pgliteData(): Promise<ProcessData> {
  const dataDir = join(tmpdir(), `furrow-process-${randomBytes(6).toString('hex')}`);
  mkdirSync(dataDir, { recursive: true });
  return {
    label: 'PGlite',
    env: { DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') },
    open: () => openDatabase({ dataDir: `${dataDir}/pglite` }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database on the PostgreSQL at `adminUrl` (TEST_DATABASE_URL), dropped by `drop`. */
export async function postgresData(adminUrl: string): Promise<ProcessData> {
  const database = await createPostgresDatabase(adminUrl, 'furrow_process');
  const dataDir = join(tmpdir(), `furrow-process-${randomBytes(6).toString('hex')}`);
  return {
    label: 'PostgreSQL',
    env: {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: database.url,
    },
    open: () => openDatabase({ url: database.url, onIdleError: () => {} }),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

export interface Shop {
  farmId: string;
  farmName: string;
  farmer: TestUser;
  customers: TestUser[];
  products: { id: string; stock: number }[];
}

/**
 * Migrates the data and fills it through the app's own routes, in this process, before any server
 * process starts: one farm, a product per entry of `stocks`, and `customers` signed-in customers.
 */
export async function seedShop(
  data: ProcessData,
  options: { stocks: number[]; customers: number },
): Promise<Shop> {
  const database = await data.open();
  try {
    await database.migrate();
    const config = loadConfig({ ...data.env, LOG_LEVEL: 'silent', DEMO_DATA: 'false' });
    const app = await buildApp({ config, database, mailer: memoryMailer() });
    const t = { app, database, config, close: async () => {} };
    try {
      const { db } = database;
      const farmer = await createTestUser(db, config.JWT_SECRET, 'farmer');
      const farmName = 'Crash Farm';
      const farmId = await createTestFarm(t, farmer, {
        name: farmName,
        location: { lat: 45.5, lng: -122.6 },
      });
      const shelf: Shop['products'] = [];
      for (const [i, stock] of options.stocks.entries()) {
        const id = await createTestProduct(t, farmer, farmId, {
          name: `Crate ${i + 1}`,
          price: 3,
          unit: 'each',
          categorySlug: 'vegetables',
          stock,
        });
        shelf.push({ id, stock });
      }
      const customers: TestUser[] = [];
      for (let i = 0; i < options.customers; i++) {
        customers.push(await createTestUser(db, config.JWT_SECRET, 'customer'));
      }
      return { farmId, farmName, farmer, customers, products: shelf };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

export interface Snapshot {
  orders: { id: string; number: number }[];
  stock: Map<string, number>;
  /** Units of each product on orders, whatever the order's status. */
  sold: Map<string, number>;
  jobs: { id: string; kind: string; status: string; attempts: number; payload: unknown }[];
}

/** What the database holds now: every order, the shop's stock, the job queue. */
export async function snapshot(database: Database, shop: Shop): Promise<Snapshot> {
  const { db } = database;
  const placed = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .orderBy(asc(orders.number));
  const stocks = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(
      inArray(
        products.id,
        shop.products.map((product) => product.id),
      ),
    );
  const lines = await db
    .select({ id: orderItems.productId, units: sum(orderItems.quantity).mapWith(Number) })
    .from(orderItems)
    .groupBy(orderItems.productId);
  const queue = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      status: jobs.status,
      attempts: jobs.attempts,
      payload: jobs.payload,
    })
    .from(jobs);
  return {
    orders: placed,
    stock: new Map(stocks.map((row) => [row.id, row.stock])),
    sold: new Map(lines.map((row) => [row.id ?? '', row.units])),
    jobs: queue,
  };
}

/** The same, for a database no server process holds (a PGlite directory is one process's). */
export async function snapshotOf(data: ProcessData, shop: Shop): Promise<Snapshot> {
  const database = await data.open();
  try {
    return await snapshot(database, shop);
  } finally {
    await database.close();
  }
}
