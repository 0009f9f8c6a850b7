import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Settings } from '../config';
import { turnsInArrivalOrder } from './arrival-order';
import { LISTENING_APPLICATION_NAME, listeningConnection } from './listening-connection';

export type Db = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel`, which PostgreSQL delivers only once the
   * notifying transaction commits, with the notification's payload. Resolves to the function that
   * stops listening. On PostgreSQL every channel shares one connection, which reopens when it drops
   * and then calls each listener once with an empty payload (see `listening-connection.ts`).
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** The embedded database's files as one tarball, to start another from (PGlite only). */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

/** How long to wait for a connection to PostgreSQL. */
export const DB_CONNECT_TIMEOUT_MS = 5_000;
/** The longest a query (or an idle transaction) may take; none of Furrow's comes near it. */
export const DB_QUERY_TIMEOUT_MS = 30_000;

/** How long the listening connection stays quiet before TCP checks that PostgreSQL is still there. */
const LISTENING_KEEPALIVE_MS = 30_000;

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P03',
  '53300',
]);
const unreachableMessages =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error/i;

/**
 * Whether an error (or its cause, as drizzle wraps it) says the database could not be reached or
 * stopped answering, rather than that a query was wrong: the request may work again in a moment.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && unreachableCodes.has(code)) return true;
  if (unreachableMessages.test(error.message)) return true;
  return isDatabaseUnreachable(error.cause, depth + 1);
}

/**
 * The embedded database is one process's, on one machine, and PGlite touches all of PostgreSQL's
 * shared memory as it starts, so every MB of it is the server's from the first second: the default
 * 128 MB of buffers made up most of its memory. Its files still sit in the operating system's
 * cache, so reads past 8 MB of buffers stay in memory. PGlite serves one connection: room for
 * PostgreSQL's default 100 took 3 MB more (docs/decisions/0030-memory-settings.md).
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=8MB', '-c', 'max_connections=10'];

// Beside this module in the sources, and copied beside the bundle by the build.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir`
 * (or in memory when `dataDir` is omitted, as the tests do). One schema and one set of migrations for both.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  /** PGlite only: start from these files (a `snapshot()`) rather than from an empty cluster. */
  template?: Blob;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  // Each kind loads only its own driver: the other one would cost start time and memory for nothing.
  if (options.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // A database that stops answering fails requests within seconds (503) instead of holding
      // them, and every connection it holds, for as long as it is gone.
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      query_timeout: DB_QUERY_TIMEOUT_MS,
      statement_timeout: DB_QUERY_TIMEOUT_MS,
      idle_in_transaction_session_timeout: DB_QUERY_TIMEOUT_MS,
    });
    // An idle connection the server drops (a restart, a failover) must not take the process down;
    // the pool opens a new one for the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    // The pool listens only to idle connections. One lent out (a transaction in progress) whose
    // socket drops emits 'error' with nobody listening, and Node ends the process: every process
    // died with PostgreSQL. The query in progress gets the error anyway (503), and the pool
    // discards the broken connection when it comes back.
    pool.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
    const listening = listeningConnection(
      () =>
        new pg.Client({
          connectionString: options.url,
          application_name: LISTENING_APPLICATION_NAME,
          connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
          // A LISTEN that hangs would hold up every listener's start and stop, which wait their turn.
          query_timeout: DB_QUERY_TIMEOUT_MS,
          // The connection only waits for notifications: without probes, one whose peer vanished
          // without a word (a failover behind a load balancer) would wait for good.
          keepAlive: true,
          keepAliveInitialDelayMillis: LISTENING_KEEPALIVE_MS,
        }),
      (error) => options.onIdleError?.(error),
    );
    const db = drizzlePg({ client: pool, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      listen: listening.listen,
      async close() {
        await listening.close();
        await pool.end();
      },
    };
  }
  const [
    { PGlite },
    { cube },
    { earthdistance },
    { pg_trgm },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
  ] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(options.dataDir ?? 'memory://', {
    extensions: { cube, earthdistance, pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
    loadDataDir: options.template,
  });
  // Drizzle calls its client's `query` and `transaction` alone: each statement outside a
  // transaction, and each transaction whole, takes its turn in the order of its request's arrival.
  const turns = turnsInArrivalOrder();
  const inTurns = {
    query: (...args: Parameters<typeof client.query>) => turns.take(() => client.query(...args)),
    transaction: (...args: Parameters<typeof client.transaction>) =>
      turns.take(() => client.transaction(...args)),
  } as unknown as typeof client;
  const db = drizzlePglite({ client: inTurns, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: (channel, onNotify) => client.listen(channel, (payload) => onNotify(payload)),
    snapshot: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** The database a configuration names: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR. */
export function openConfiguredDatabase(
  config: Pick<Settings, 'DATABASE_URL' | 'DATA_DIR'>,
  onIdleError?: (error: Error) => void,
): Promise<Database> {
  return openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, onIdleError }
      : { dataDir: `${config.DATA_DIR}/pglite` },
  );
}
