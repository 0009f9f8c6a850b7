import type { FastifyBaseLogger } from 'fastify';
import { redactedMessage } from '../adapters/log-redaction';
import type { Database } from '../db/client';
import { JOBS_CHANNEL } from './enqueue';
import type { JobKind } from './job-kind';
import {
  type ClaimedJob,
  claimJobs,
  completeJob,
  extendLease,
  failJob,
  retryJob,
} from './job-store';

export type JobHandler<Payload> = (payload: Payload, job: ClaimedJob) => Promise<void>;

export interface WorkerOptions {
  database: Pick<Database, 'db' | 'listen'>;
  log: FastifyBaseLogger;
  /** Jobs run at once by this process. */
  concurrency?: number;
  /** How long a claimed job is held; kept alive while it runs, so only a dead process loses it. */
  leaseMs?: number;
  /** How often to look for due jobs without a wake-up: retries, expired leases, other processes. */
  pollMs?: number;
  /** The wait after the first failed try; it doubles with each try, up to an hour. */
  retryBaseMs?: number;
  clock?: () => Date;
}

export interface Worker {
  handle<Payload>(kind: JobKind<Payload>, handler: JobHandler<Payload>): void;
  /** Listens for new jobs and polls for due ones until stopped. */
  start(): Promise<void>;
  /** Runs every job that is due, and resolves once none is due or running. For tests and scripts. */
  drain(): Promise<void>;
  /** Claims nothing more and resolves once the running jobs have ended and recorded how. */
  stop(): Promise<void>;
}

const MAX_RETRY_DELAY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 2000;

export function createWorker(options: WorkerOptions): Worker {
  const { database, log } = options;
  const { db } = database;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 1000;
  const retryBaseMs = options.retryBaseMs ?? 10_000;
  const clock = options.clock ?? (() => new Date());

  const handlers = new Map<string, { kind: JobKind<unknown>; handler: JobHandler<unknown> }>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  let pumping: Promise<void> | undefined;
  let following: Promise<void> | undefined;
  let poller: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  async function claimSome(): Promise<number> {
    const claimed = await claimJobs(db, {
      kinds: [...handlers.keys()],
      limit: concurrency - running.size,
      leaseMs,
      clock,
    });
    for (const job of claimed) {
      const task = run(job).finally(() => {
        running.delete(task);
        void pump();
      });
      running.add(task);
    }
    return claimed.length;
  }

  /** Fills the free slots with due jobs, claiming until none is due or no slot is free. */
  async function pass(): Promise<void> {
    try {
      while (!stopped && running.size < concurrency && (await claimSome()) > 0);
    } catch (error) {
      log.error({ err: error }, 'could not claim jobs');
    }
  }

  /**
   * Runs a pass that starts after this call, so that whoever called (a wake-up, `drain`) sees every
   * job committed before it. One pass runs at a time: calls that come during a pass share the one
   * that follows it, rather than claim beside it.
   */
  function pump(): Promise<void> {
    if (!pumping) {
      pumping = pass().finally(() => {
        pumping = undefined;
      });
      return pumping;
    }
    following ??= pumping.then(() => {
      following = undefined;
      return pump();
    });
    return following;
  }

  async function run(job: ClaimedJob): Promise<void> {
    const entry = handlers.get(job.kind);
    // Only kinds with a handler are claimed.
    if (!entry) return;
    const heartbeat = setInterval(() => {
      extendLease(db, job, new Date(clock().getTime() + leaseMs)).catch((error: unknown) =>
        log.warn({ err: error, job: job.id }, 'could not extend a job lease'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      // A try beyond the last means the last one was cut off by a crash: give up, do not run again.
      if (job.attempts > job.maxAttempts) throw new Error('the last try was interrupted');
      await entry.handler(entry.kind.schema.parse(job.payload), job);
      await completeJob(db, job);
    } catch (error) {
      await recordFailure(entry.kind, job, error).catch((cause: unknown) =>
        log.error({ err: cause, job: job.id }, 'could not record a job failure'),
      );
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function recordFailure(kind: JobKind<unknown>, job: ClaimedJob, error: unknown) {
    // Kept in the jobs table, so without the values of a failed query.
    const message = redactedMessage(error).slice(0, MAX_ERROR_LENGTH);
    const now = clock();
    if (job.attempts < job.maxAttempts) {
      const delayMs = Math.min(MAX_RETRY_DELAY_MS, retryBaseMs * 2 ** (job.attempts - 1));
      log.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      await retryJob(db, job, { error: message, runAt: new Date(now.getTime() + delayMs), now });
      return;
    }
    log.error({ err: error, job: job.id, kind: job.kind }, 'job failed for good');
    const parsed = kind.schema.safeParse(job.payload);
    const payload = parsed.success ? kind.redact(parsed.data) : {};
    await failJob(db, job, { error: message, payload, now });
  }

  return {
    handle(kind, handler) {
      handlers.set(kind.name, {
        kind: kind as JobKind<unknown>,
        handler: handler as JobHandler<unknown>,
      });
    },
    async start() {
      unlisten = await database.listen(JOBS_CHANNEL, () => void pump());
      poller = setInterval(() => void pump(), pollMs);
      poller.unref();
      void pump();
    },
    async drain() {
      for (;;) {
        await pump();
        if (running.size === 0) return;
        await Promise.race(running);
      }
    },
    async stop() {
      stopped = true;
      clearInterval(poller);
      await unlisten?.();
      await pumping;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
