import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Columns that move without any request asking: counters written every few seconds (a refused call
 * is still a call), and the job queue's own bookkeeping as the worker claims and retries.
 */
const restless: Record<string, string[]> = {
  subscriptions: ['usage_stats', 'updated_at'],
  jobs: ['status', 'attempts', 'locked_until', 'last_error', 'updated_at', 'run_at'],
};
/** Page views are counted for every read, refused or not, and flushed in the background. */
const skippedTables = new Set(['farm_daily_stats']);

/** Per table: its row count and an md5 of its rows, so that two snapshots differ where data did. */
export type DatabaseSnapshot = Record<string, string>;

let tables: string[] | undefined;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  // node-postgres and PGlite both answer `{ rows }`.
  return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

export async function snapshotDatabase(db: Db): Promise<DatabaseSnapshot> {
  tables ??= (
    await rows(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((row) => String(row.name))
    .filter((name) => !skippedTables.has(name));
  // One round trip for every table: a snapshot is taken around each refused request.
  const parts = tables.map((table) => {
    const drop = (restless[table] ?? []).map((column) => `'${column}'`).join(', ');
    const row = drop ? `(to_jsonb(t) - array[${drop}]::text[])::text` : 'to_jsonb(t)::text';
    return `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(${row}, '|' order by ${row})), '') as state from "${table}" t`;
  });
  const answer = await rows(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(answer.map((row) => [String(row.name), String(row.state)]));
}

/** The tables whose rows differ between two snapshots, for a failure message. */
export function changedTables(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
