import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Mailer, MailMessage } from '../adapters/mail';
import { withTransaction } from '../db/transaction';
import { useTestDatabase } from '../testing/test-app';
import { enqueue } from './enqueue';
import { defineJob } from './job-kind';
import { claimJobs } from './job-store';
import { jobs } from './jobs.schema';
import { sendMail, sendMailHandler } from './send-mail';
import { createWorker, type WorkerOptions } from './worker';

const t = useTestDatabase();

const quietLog = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
let kindCounter = 0;
/** A kind of its own for each test, so that one test's workers never take another's jobs. */
const probe = z.object({ n: z.number() });
const probeKind = (options: Parameters<typeof defineJob<z.infer<typeof probe>>>[2] = {}) =>
  defineJob(`probe-${++kindCounter}`, probe, options);

function worker(options: Partial<WorkerOptions> = {}) {
  return createWorker({ database: t.database, log: quietLog, ...options });
}

async function rowsOf(kind: { name: string }) {
  return t.database.db.select().from(jobs).where(eq(jobs.kind, kind.name));
}

describe('the job queue', () => {
  it('runs a job again once the lease of a process that died has run out', async () => {
    const kind = probeKind();
    await enqueue(t.database.db, kind, { n: 1 });
    const start = new Date();
    // A process claims the job and dies before it finishes.
    const [abandoned] = await claimJobs(t.database.db, {
      kinds: [kind.name],
      limit: 1,
      leaseMs: 30_000,
      clock: () => start,
    });
    expect(abandoned?.attempts).toBe(1);

    let now = new Date(start.getTime() + 10_000);
    const tries: number[] = [];
    const w = worker({ clock: () => now, leaseMs: 30_000 });
    w.handle(kind, async (_payload, job) => {
      tries.push(job.attempts);
    });
    await w.drain();
    expect(tries).toEqual([]); // still leased

    now = new Date(start.getTime() + 30_001);
    await w.drain();
    expect(tries).toEqual([2]);
    expect(await rowsOf(kind)).toEqual([]);
  });

  it('gives up on a job whose last try was cut off, rather than try once more', async () => {
    const kind = probeKind({ maxAttempts: 1 });
    await enqueue(t.database.db, kind, { n: 1 });
    const start = new Date();
    await claimJobs(t.database.db, {
      kinds: [kind.name],
      limit: 1,
      leaseMs: 30_000,
      clock: () => start,
    });
    const w = worker({ clock: () => new Date(start.getTime() + 30_001) });
    let calls = 0;
    w.handle(kind, async () => {
      calls++;
    });
    await w.drain();
    expect(calls).toBe(0);
    expect(await rowsOf(kind)).toMatchObject([
      { status: 'failed', attempts: 2, lastError: 'the last try was interrupted' },
    ]);
  });

  it('keeps renewing the lease of a job that runs longer than it, so no other worker takes it', async () => {
    const kind = probeKind();
    await enqueue(t.database.db, kind, { n: 1 });
    const tries: number[] = [];
    const slow = worker({ leaseMs: 300 });
    slow.handle(kind, async (_payload, job) => {
      tries.push(job.attempts);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    const other = worker({ leaseMs: 300 });
    other.handle(kind, async (_payload, job) => void tries.push(job.attempts));
    const running = slow.drain();
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await other.drain();
    }
    await running;
    expect(tries).toEqual([1]);
    expect(await rowsOf(kind)).toEqual([]);
  });

  it('never gives one job to two workers running at once: each of many jobs runs exactly once', async () => {
    const kind = probeKind();
    const total = 60;
    for (let n = 0; n < total; n++) await enqueue(t.database.db, kind, { n });
    const ran: number[] = [];
    const workers = [worker({ concurrency: 4 }), worker({ concurrency: 4 })];
    for (const w of workers) {
      w.handle(kind, async ({ n }) => {
        ran.push(n);
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
    }
    await Promise.all(workers.map((w) => w.drain()));
    expect(ran.toSorted((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, n) => n));
    expect(await rowsOf(kind)).toEqual([]);
  });

  it('never sends an e-mail queued in a transaction that rolled back', async () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = { kind: 'outbox', send: async (m) => void sent.push(m), close() {} };
    const message = (to: string) => ({ to, subject: 's', text: 't', html: 'h', summary: 'x' });
    await expect(
      withTransaction(t.database.db, async (tx) => {
        await enqueue(tx, sendMail, message('rolled-back@example.com'));
        throw new Error('the account was not made');
      }),
    ).rejects.toThrow('the account was not made');
    await withTransaction(t.database.db, (tx) =>
      enqueue(tx, sendMail, message('committed@example.com')),
    );

    const w = worker();
    w.handle(sendMail, sendMailHandler(mailer));
    await w.drain();
    expect(sent.map((m) => m.to)).toEqual(['committed@example.com']);
    expect(await rowsOf(sendMail)).toEqual([]);
  });

  it('retries a failing job with a growing wait, then keeps it as failed without its secrets', async () => {
    const kind = probeKind({ maxAttempts: 3, redact: () => ({ kept: 'address only' }) });
    await enqueue(t.database.db, kind, { n: 123456 });
    let now = new Date();
    let calls = 0;
    const w = worker({ clock: () => now, retryBaseMs: 10_000 });
    w.handle(kind, async () => {
      calls++;
      throw new Error('smtp down');
    });

    await w.drain();
    let [row] = await rowsOf(kind);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'smtp down' });
    expect(row?.runAt.getTime()).toBe(now.getTime() + 10_000);

    await w.drain(); // not due yet
    expect(calls).toBe(1);

    now = new Date(now.getTime() + 10_000);
    await w.drain();
    [row] = await rowsOf(kind);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row?.runAt.getTime()).toBe(now.getTime() + 20_000);

    now = new Date(now.getTime() + 20_000);
    await w.drain();
    [row] = await rowsOf(kind);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'smtp down',
      lockedUntil: null,
      payload: { kept: 'address only' },
    });
    now = new Date(now.getTime() + 3_600_000);
    await w.drain();
    expect(calls).toBe(3);
  });

  it('wakes at once when a job is committed, without waiting for its next poll', async () => {
    const kind = probeKind();
    const ran: number[] = [];
    const w = worker({ pollMs: 60_000 });
    w.handle(kind, async ({ n }) => void ran.push(n));
    await w.start();
    try {
      await withTransaction(t.database.db, (tx) => enqueue(tx, kind, { n: 7 }));
      await vi.waitFor(() => expect(ran).toEqual([7]), { timeout: 2000 });
    } finally {
      await w.stop();
    }
  });

  it('stops only once the jobs it is running have ended and been recorded', async () => {
    const kind = probeKind();
    let release = () => {};
    const w = worker({ pollMs: 60_000 });
    let started = false;
    w.handle(kind, async () => {
      started = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await w.start();
    await enqueue(t.database.db, kind, { n: 1 });
    await vi.waitFor(() => expect(started).toBe(true));
    let stopped = false;
    const stopping = w.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await rowsOf(kind)).toEqual([]);
    // Nothing is claimed after a stop.
    await enqueue(t.database.db, kind, { n: 2 });
    await w.drain();
    expect(await rowsOf(kind)).toMatchObject([{ status: 'queued', attempts: 0 }]);
  });
});
