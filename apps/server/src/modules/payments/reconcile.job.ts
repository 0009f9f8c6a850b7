import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/enqueue';
import { defineJob } from '../../jobs/job-kind';
import { jobs } from '../../jobs/jobs.schema';
import type { Worker } from '../../jobs/worker';

/** How often Furrow compares what waits for the provider with what the provider says. */
export const RECONCILE_EVERY_MS = 15 * 60_000;

/**
 * One module's settling of what still waits for the provider (a plan's cancel, an unpaid order past
 * its hold, a refund): it asks the provider and brings its records in line. It throws when some
 * could not be settled; they wait for the next run.
 */
export type Reconciler = (now: Date) => Promise<void>;

/** The periodic reconciliation: each run queues the next before it starts, so the chain never ends. */
export const reconcilePayments = defineJob('payments.reconcile', z.object({}), { maxAttempts: 1 });

export function registerReconcileJob(
  worker: Worker,
  deps: { db: Db; clock: () => Date; log: Pick<FastifyBaseLogger, 'warn'> },
  reconcilers: Record<string, Reconciler>,
): void {
  worker.handle(reconcilePayments, async () => {
    const now = deps.clock();
    await enqueue(deps.db, reconcilePayments, {}, { runAt: nextRun(now) });
    for (const [name, reconcile] of Object.entries(reconcilers)) {
      await reconcile(now).catch((error: unknown) =>
        deps.log.warn({ err: error, reconciler: name }, 'payments not all reconciled'),
      );
    }
  });
}

/** At start: the first run, unless one is already queued (by this process earlier, or another). */
export async function scheduleReconciliation(db: Db, now: Date): Promise<void> {
  const [queued] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, reconcilePayments.name), inArray(jobs.status, ['queued', 'running'])))
    .limit(1);
  if (!queued) await enqueue(db, reconcilePayments, {}, { runAt: nextRun(now) });
}

const nextRun = (now: Date) => new Date(now.getTime() + RECONCILE_EVERY_MS);
