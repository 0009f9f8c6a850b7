// The benchmark's database: an embedded PGlite in a temporary directory, or, when DATABASE_URL is
// set, a database of its own (`furrow_bench`) on that PostgreSQL server, made anew for each dataset.
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Db, openDatabase } from '../apps/server/src/db/client';

// Named apart (BENCH_DATABASE) when two benchmarks share one PostgreSQL server.
const BENCH_DATABASE = process.env.BENCH_DATABASE ?? 'furrow_bench';

export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  /** What the server is started with to use this database. */
  serverEnv: Record<string, string>;
  dataDir: string;
}

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** A connection that records every query it runs, and explains one. */
export interface CapturingDb {
  db: Db;
  take(): CapturedQuery[];
  /** EXPLAIN of a query, with ANALYZE (which runs it) when `analyze` is set. */
  explain(query: CapturedQuery, analyze: boolean): Promise<string[]>;
  close(): Promise<void>;
}

/** A migrated, empty database. */
export async function createBenchDatabase(dataDir: string): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: `${dataDir}/pglite` });
    await database.migrate();
    await database.close();
    return { kind: 'pglite', serverEnv: { DATA_DIR: dataDir }, dataDir };
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${BENCH_DATABASE}`;
  const database = await openDatabase({ url: benchUrl.href });
  await database.migrate();
  await database.close();
  return {
    kind: 'postgres',
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: benchUrl.href },
    dataDir,
  };
}

/** Opens the bench database, recording the SQL of every query. */
export async function openCapturing(bench: BenchDatabase): Promise<CapturingDb> {
  const captured: CapturedQuery[] = [];
  const logger = { logQuery: (sql: string, params: unknown[]) => captured.push({ sql, params }) };
  const take = () => captured.splice(0, captured.length);
  const explainSql = (query: CapturedQuery, analyze: boolean) =>
    `EXPLAIN ${analyze ? '(ANALYZE, BUFFERS) ' : ''}${query.sql}`;
  const url = bench.serverEnv.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const db = drizzlePg({ client: pool, casing: 'snake_case', logger });
    return {
      db: db as unknown as Db,
      take,
      async explain(query, analyze) {
        const result = await pool.query<{ 'QUERY PLAN': string }>(
          explainSql(query, analyze),
          query.params,
        );
        return result.rows.map((row) => row['QUERY PLAN']);
      },
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(`${bench.dataDir}/pglite`, {
    extensions: { cube, earthdistance, pg_trgm },
  });
  const db = drizzlePglite({ client, casing: 'snake_case', logger });
  return {
    db: db as unknown as Db,
    take,
    async explain(query, analyze) {
      const result = await client.query<{ 'QUERY PLAN': string }>(
        explainSql(query, analyze),
        query.params,
      );
      return result.rows.map((row) => row['QUERY PLAN']);
    },
    close: () => client.close(),
  };
}
