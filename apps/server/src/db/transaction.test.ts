import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { type Executor, isRetryable, type Tx, withTransaction } from './transaction';

const t = useTestApp();

function serializationFailure(): Error {
  return Object.assign(new Error('could not serialize access'), { code: '40001' });
}

async function freshTable(): Promise<string> {
  const name = `tx_test_${randomBytes(4).toString('hex')}`;
  await t.database.db.execute(sql.raw(`create table ${name} (v integer not null)`));
  return name;
}

/** Both drivers answer raw SQL with `{ rows }`; a transaction's result is typed more loosely. */
async function values(executor: Executor, query: string): Promise<number[]> {
  const result = (await executor.execute(sql.raw(query))) as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => Number(Object.values(row)[0]));
}

async function count(table: string): Promise<number> {
  const [n] = await values(t.database.db, `select count(*) from ${table}`);
  return n ?? 0;
}

describe('withTransaction', () => {
  it('retries a serialization failure and commits the attempt that succeeds, once', async () => {
    const table = await freshTable();
    let attempts = 0;
    const answer = await withTransaction(t.database.db, async (tx) => {
      attempts++;
      await tx.execute(sql.raw(`insert into ${table} values (${attempts})`));
      if (attempts < 3) throw serializationFailure();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(attempts).toBe(3);
    // The failed attempts rolled back: only the third insert is there.
    expect(await count(table)).toBe(1);
  });

  it('gives up after 25 attempts and rolls every one back', async () => {
    const table = await freshTable();
    let attempts = 0;
    await expect(
      withTransaction(t.database.db, async (tx) => {
        attempts++;
        await tx.execute(sql.raw(`insert into ${table} values (1)`));
        throw serializationFailure();
      }),
    ).rejects.toThrow('could not serialize access');
    expect(attempts).toBe(25);
    expect(await count(table)).toBe(0);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    await expect(
      withTransaction(t.database.db, async () => {
        attempts++;
        throw new Error('out of stock');
      }),
    ).rejects.toThrow('out of stock');
    expect(attempts).toBe(1);
  });

  it('joins the transaction it is given, so the outer unit of work commits or rolls back whole', async () => {
    const table = await freshTable();
    await expect(
      withTransaction(t.database.db, async (outer) => {
        await withTransaction(outer, (inner: Tx) =>
          inner.execute(sql.raw(`insert into ${table} values (1)`)),
        );
        throw new Error('checkout failed later');
      }),
    ).rejects.toThrow('checkout failed later');
    expect(await count(table)).toBe(0);
  });

  // PGlite runs one transaction at a time, so the collision below can only happen on PostgreSQL.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'survives a real serialization failure between two SERIALIZABLE transactions on PostgreSQL',
    async () => {
      const table = await freshTable();
      // Write skew: each transaction reads the whole table, then adds a row the other's read should
      // have seen. PostgreSQL lets only one of them commit; the other must run again.
      let bothRead: () => void = () => {};
      const barrier = new Promise<void>((resolve) => {
        let reads = 0;
        bothRead = () => {
          reads++;
          if (reads === 2) resolve();
        };
      });
      let attempts = 0;
      let retries = 0;
      const addRow = () =>
        withTransaction(
          t.database.db,
          async (tx) => {
            attempts++;
            const [seen] = await values(tx, `select count(*) from ${table}`);
            bothRead();
            await barrier;
            await tx.execute(sql.raw(`insert into ${table} values (${seen})`));
          },
          { isolationLevel: 'serializable', onRetry: () => retries++ },
        );
      await Promise.all([addRow(), addRow()]);
      expect(retries).toBeGreaterThanOrEqual(1);
      expect(attempts).toBe(2 + retries);
      // The retried transaction saw the other's row: the values are 0 and 1, never 0 and 0.
      expect(await values(t.database.db, `select v from ${table} order by v`)).toEqual([0, 1]);
    },
  );
});

describe('isRetryable', () => {
  it('finds the code of a wrapped driver error', () => {
    expect(isRetryable(new Error('query failed', { cause: serializationFailure() }))).toBe(true);
    expect(isRetryable(Object.assign(new Error('deadlock'), { code: '40P01' }))).toBe(true);
    expect(isRetryable(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isRetryable(undefined)).toBe(false);
  });
});
