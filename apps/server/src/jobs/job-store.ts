import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { type Executor, withTransaction } from '../db/transaction';
import { jobs } from './jobs.schema';

/** A claimed job, as its worker sees it. `attempts` counts this try and fences the results. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

const claimedColumns = {
  id: jobs.id,
  kind: jobs.kind,
  payload: jobs.payload,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
};

/**
 * Claims up to `limit` due jobs of the given kinds for `leaseMs`: queued jobs whose time has come,
 * and running jobs whose lease ran out because their process died. SKIP LOCKED lets any number of
 * workers claim at once, each getting different jobs, without waiting on each other.
 */
export async function claimJobs(
  db: Executor,
  options: { kinds: string[]; limit: number; leaseMs: number; clock: () => Date },
): Promise<ClaimedJob[]> {
  const { kinds, limit, leaseMs, clock } = options;
  if (kinds.length === 0 || limit <= 0) return [];
  return withTransaction(db, async (tx) => {
    // The time is read once the claim runs, not when it was asked for: a claim that waited for the
    // database behind a job's statements would otherwise miss the jobs they queued, whose time is
    // later than its own.
    const now = clock();
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
            and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + leaseMs),
        updatedAt: now,
      })
      .where(
        inArray(
          jobs.id,
          due.map((job) => job.id),
        ),
      )
      .returning(claimedColumns);
  });
}

// Only the worker holding this try may write its outcome: once a lease runs out and another worker
// claims the job, `attempts` has moved on and the late writer's update matches nothing.
const heldBy = (job: ClaimedJob) =>
  and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'running'));

/** Keeps a long job's lease, so that it is not taken for a crashed one. */
export async function extendLease(db: Executor, job: ClaimedJob, until: Date): Promise<void> {
  await db.update(jobs).set({ lockedUntil: until }).where(heldBy(job));
}

/**
 * A job that succeeded is deleted, and with it any code or link in its payload. False when this
 * try no longer holds the job (its lease ran out and another try took it).
 */
export async function completeJob(db: Executor, job: ClaimedJob): Promise<boolean> {
  const deleted = await db.delete(jobs).where(heldBy(job)).returning({ id: jobs.id });
  return deleted.length > 0;
}

/** Queues the job again at `runAt` after a failed try, keeping the error to be seen. */
export async function retryJob(
  db: Executor,
  job: ClaimedJob,
  change: { error: string; runAt: Date; now: Date },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      runAt: change.runAt,
      lockedUntil: null,
      lastError: change.error,
      updatedAt: change.now,
    })
    .where(heldBy(job));
}

/** Gives up on a job: it stays, marked failed with its error, and keeps only `payload`. */
export async function failJob(
  db: Executor,
  job: ClaimedJob,
  change: { error: string; payload: Record<string, unknown>; now: Date },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'failed',
      payload: change.payload,
      lockedUntil: null,
      lastError: change.error,
      updatedAt: change.now,
    })
    .where(heldBy(job));
}
