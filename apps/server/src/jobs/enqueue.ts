import { sql } from 'drizzle-orm';
import type { Executor } from '../db/transaction';
import type { JobKind } from './job-kind';
import { jobs } from './jobs.schema';

/** Workers LISTEN here; PostgreSQL delivers the NOTIFY only when the enqueuing transaction commits. */
export const JOBS_CHANNEL = 'furrow_jobs';

export interface EnqueueOptions {
  /** Not before this time; by default at once. */
  runAt?: Date;
  /** Overrides the kind's number of tries. */
  maxAttempts?: number;
}

/**
 * Writes a job with the caller's executor. Given the caller's transaction, the job commits or rolls
 * back with the data it is about, so that an e-mail is never sent for an account that was not made.
 */
export async function enqueue<Payload>(
  executor: Executor,
  kind: JobKind<Payload>,
  payload: Payload,
  options: EnqueueOptions = {},
): Promise<string> {
  const [job] = await executor
    .insert(jobs)
    .values({
      kind: kind.name,
      payload: kind.schema.parse(payload),
      maxAttempts: options.maxAttempts ?? kind.maxAttempts,
      runAt: options.runAt ?? new Date(),
    })
    .returning({ id: jobs.id });
  if (!job) throw new Error('the job was not written');
  await executor.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  return job.id;
}
