import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { withTransaction } from '../db/transaction';
import { createWorker } from '../jobs/worker';
import { useTestDatabase } from '../testing/test-app';
import { defineEvent } from './event-kind';
import { deliverEvents, eventDelivery, publish } from './publish';
import { subscribe, unsubscribe } from './subscribers';

const t = useTestDatabase();

const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
let eventCounter = 0;
const probeEvent = () => defineEvent(`probe.${++eventCounter}`, z.object({ n: z.number() }));

async function numbers(table: string): Promise<number[]> {
  // node-postgres and PGlite both answer `{ rows }`.
  const result = await t.database.db.execute(sql.raw(`select n from ${table} order by n`));
  return (result as unknown as { rows: { n: number }[] }).rows.map((row) => row.n);
}

function worker() {
  const w = createWorker({ database: t.database, log, retryBaseMs: 1 });
  w.handle(eventDelivery, deliverEvents({ db: t.database.db, log }));
  return w;
}

describe('domain events', () => {
  it('runs an in-transaction subscriber inside the publishing transaction', async () => {
    const event = probeEvent();
    await t.database.db.execute(sql`create table if not exists probe_seen (n integer)`);
    subscribe({
      name: 'probe.records',
      event,
      when: 'in-transaction',
      handle: async (tx, { n }) => {
        await tx.execute(sql`insert into probe_seen values (${n})`);
      },
    });
    await withTransaction(t.database.db, (tx) => publish(tx, event, { n: 7 }, new Date()));
    await withTransaction(t.database.db, async (tx) => {
      await publish(tx, event, { n: 8 }, new Date());
      tx.rollback();
    }).catch(() => {});
    expect(await numbers('probe_seen')).toEqual([7]);
  });

  it('rolls the publisher back when an in-transaction subscriber fails', async () => {
    const event = probeEvent();
    subscribe({
      name: 'probe.fails',
      event,
      when: 'in-transaction',
      handle: async () => {
        throw new Error('refused');
      },
    });
    await t.database.db.execute(sql`create table if not exists probe_rows (n integer)`);
    await expect(
      withTransaction(t.database.db, async (tx) => {
        await tx.execute(sql`insert into probe_rows values (1)`);
        await publish(tx, event, { n: 1 }, new Date());
      }),
    ).rejects.toThrow('refused');
    expect(await numbers('probe_rows')).toEqual([]);
  });

  it('delivers to an after-commit subscriber once the transaction commits, and not if it rolls back', async () => {
    const event = probeEvent();
    const seen: number[] = [];
    subscribe({
      name: 'probe.later',
      event,
      when: 'after-commit',
      handle: async ({ n }) => {
        seen.push(n);
      },
    });
    await withTransaction(t.database.db, (tx) => publish(tx, event, { n: 1 }, new Date()));
    await withTransaction(t.database.db, async (tx) => {
      await publish(tx, event, { n: 2 }, new Date());
      tx.rollback();
    }).catch(() => {});
    expect(seen).toEqual([]);
    await worker().drain();
    expect(seen).toEqual([1]);
  });

  it('retries an after-commit subscriber until it succeeds', async () => {
    const event = probeEvent();
    let tries = 0;
    subscribe({
      name: 'probe.flaky',
      event,
      when: 'after-commit',
      handle: async () => {
        tries += 1;
        if (tries < 3) throw new Error('not yet');
      },
    });
    await withTransaction(t.database.db, (tx) => publish(tx, event, { n: 1 }, new Date()));
    const w = worker();
    for (let i = 0; i < 20 && tries < 3; i++) {
      await w.drain();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(tries).toBe(3);
  });

  it('delivers nothing to a subscriber that was removed', async () => {
    const event = probeEvent();
    const seen: number[] = [];
    subscribe({
      name: 'probe.removed',
      event,
      when: 'in-transaction',
      handle: async (_tx, { n }) => {
        seen.push(n);
      },
    });
    expect(unsubscribe(event, 'probe.removed')).toBe(true);
    await withTransaction(t.database.db, (tx) => publish(tx, event, { n: 1 }, new Date()));
    expect(seen).toEqual([]);
  });

  it('refuses a payload that does not match the event', async () => {
    const event = probeEvent();
    await expect(
      withTransaction(t.database.db, (tx) =>
        publish(tx, event, { n: 'one' } as unknown as { n: number }, new Date()),
      ),
    ).rejects.toThrow();
  });
});
