import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../db/columns';

/**
 * The durable job queue (see jobs/). A job is written in the transaction that makes its data, so it
 * exists exactly when that data does. A finished job is deleted; a failed one stays, with its
 * secrets cleared, so that failures can be seen and looked into.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    // `running` with `locked_until` in the past means its process died: the job is claimable again.
    status: text({ enum: ['queued', 'running', 'failed'] })
      .notNull()
      .default('queued'),
    // Counts claims, so it also fences a worker whose lease ran out from writing a late result.
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_leased_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
  ],
);
