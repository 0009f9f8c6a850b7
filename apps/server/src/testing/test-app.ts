import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { createPostgresDatabase } from './postgres-database';

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

/**
 * One migrated database for a whole test file, without an app: made before its first test, closed
 * and dropped after its last. Like `useTestApp`, read it in tests and hooks, not at the top level.
 */
export function useTestDatabase(): { database: Database } {
  const t = {} as { database: Database; drop(): Promise<void> };
  beforeAll(async () => {
    Object.assign(t, await openTestDatabase());
    await t.database.migrate();
  });
  afterAll(async () => {
    await t.database.close();
    await t.drop();
  });
  return t;
}

/**
 * A database of its own, and the function that drops it again. Callers still migrate it: a fresh
 * PostgreSQL database starts empty (PGlite starts from the migrated template).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return {
      database: await openDatabase({ template: await migratedTemplate() }),
      drop: async () => {},
    };
  }

  const created = await createPostgresDatabase(adminUrl, 'furrow_test');
  return {
    // The drop ends this database's connections; a pool that still holds one must not crash.
    database: await openDatabase({ url: created.url, onIdleError: () => {} }),
    drop: created.drop,
  };
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/**
 * The files of an embedded database with every migration applied, made once per set of migrations
 * and PGlite version and kept in the system's temporary folder. A test database started from them
 * skips PGlite's initdb, which costs each test file from one to over ten seconds on two busy cores.
 */
async function migratedTemplate(): Promise<Blob> {
  const key = createHash('sha256').update(await pgliteVersion());
  for (const file of await readdir(migrationsFolder, { recursive: true })) {
    const path = join(migrationsFolder, file);
    if ((await stat(path)).isFile()) key.update(file).update(await readFile(path));
  }
  const path = join(tmpdir(), `furrow-test-pglite-${key.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    // Not made yet: make it below.
  }
  const database = await openDatabase({});
  await database.migrate();
  const snapshot = await database.snapshot?.();
  await database.close();
  if (!snapshot) throw new Error('the embedded database gave no snapshot');
  // Written aside and renamed, so that a test file running beside this one never reads half of it.
  const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
  await rename(partial, path);
  return snapshot;
}

/** The installed PGlite's version: files one version wrote may not start another. */
async function pgliteVersion(): Promise<string> {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (dir !== dirname(dir)) {
    try {
      const found = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
      if (found.name === '@electric-sql/pglite') return String(found.version);
    } catch {
      // No package.json here: look further up.
    }
    dir = dirname(dir);
  }
  return 'unknown';
}
