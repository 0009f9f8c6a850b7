import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * A whole app on a database of its own: in-memory PGlite by default, or a fresh PostgreSQL database
 * when TEST_DATABASE_URL is set, so that the same tests prove both.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  adapters: Omit<AppDeps, 'config' | 'database'> = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/furrow-test-${randomBytes(6).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: 'false',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database, ...adapters });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * One app for a whole test file: made before its first test, closed after its last. The object is
 * filled in by `beforeAll`, so tests and hooks may read it but the file's top level may not.
 */
export function useTestApp(...options: Parameters<typeof createTestApp>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(...options));
  });
  afterAll(() => t.close());
  return t;
}

/** An empty database of its own (not yet migrated), and the function that drops it again. */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { database: await openDatabase({}), drop: async () => {} };

  const name = `furrow_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    // The drop below ends this database's connections; a pool that still holds one must not crash.
    database: await openDatabase({ url: url.toString(), onIdleError: () => {} }),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
