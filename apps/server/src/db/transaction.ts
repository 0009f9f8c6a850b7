import { is } from 'drizzle-orm';
import { PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** An open transaction. Services take a `Tx` (or an `Executor`) and never open one themselves. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where a statement may run: the database itself, or the caller's open transaction. */
export type Executor = Db | Tx;

/** Transactions retry up to 25 times (product rules: cart and checkout). */
export const MAX_TRANSACTION_ATTEMPTS = 25;

// PostgreSQL's serialization_failure and deadlock_detected: the transaction did nothing and the
// same work run again may well succeed. Every other error is the caller's to handle.
const RETRYABLE_CODES = new Set(['40001', '40P01']);

export interface TransactionOptions extends PgTransactionConfig {
  /** At most this many attempts in all (default 25). */
  maxAttempts?: number;
  /** Told before each new attempt, for logs and tests. */
  onRetry?: (attempt: number, error: unknown) => void;
}

/**
 * Runs `work` in one transaction and commits it, or rolls everything back if `work` throws. A
 * serialization failure or a deadlock runs the whole of `work` again, after a short random pause
 * that grows with each attempt, so that the transactions that collided do not collide again.
 *
 * Given a transaction rather than the database, `work` joins it: the owner of the outer unit of work
 * commits, and retries, the whole of it. `work` must therefore do nothing outside the database that
 * cannot be done twice (enqueue a job instead, which commits or rolls back with the rest).
 */
export async function withTransaction<T>(
  db: Executor,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (is(db, PgTransaction)) return work(db as Tx);
  const { maxAttempts = MAX_TRANSACTION_ATTEMPTS, onRetry, ...config } = options;
  const hasConfig = Object.keys(config).length > 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work, hasConfig ? config : undefined);
    } catch (error) {
      if (attempt >= maxAttempts || !isRetryable(error)) throw error;
      onRetry?.(attempt, error);
      await pause(backoffMs(attempt));
    }
  }
}

/** Whether an error, or any error it wraps (drizzle wraps the driver's), is worth a new attempt. */
export function isRetryable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** "Full jitter": a random pause up to 5 ms doubled per attempt, capped at 250 ms. */
function backoffMs(attempt: number): number {
  return Math.random() * Math.min(250, 5 * 2 ** (attempt - 1));
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
