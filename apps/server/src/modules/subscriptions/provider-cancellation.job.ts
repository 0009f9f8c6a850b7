import { and, eq, isNotNull, lte, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { defineJob } from '../../jobs/job-kind';
import type { Worker } from '../../jobs/worker';
import type { PaymentProvider } from '../payments';
import { subscriptions } from './subscriptions.schema';

interface ProviderCancelDeps {
  db: Db;
  payments: PaymentProvider;
  clock: () => Date;
}

/** Ends a plan at the provider once the farmer's account is gone: nothing more may be charged. */
export const providerCancellation = defineJob(
  'subscription-provider-cancel',
  z.object({ providerSubscriptionId: z.string().min(1) }),
  { maxAttempts: 20, redact: (payload) => payload },
);

/**
 * Tells the provider a plan the farmer cancelled ends with the period paid for. Tried for about a
 * day (the waits double up to an hour); the reconciliation settles whatever is still waiting after.
 */
export const providerCancelAtPeriodEnd = defineJob(
  'subscription-provider-cancel-at-period-end',
  z.object({ subscriptionId: z.uuid() }),
  { maxAttempts: 30, redact: (payload) => payload },
);

export function registerProviderCancellationJobs(worker: Worker, deps: ProviderCancelDeps): void {
  worker.handle(providerCancellation, ({ providerSubscriptionId }) =>
    deps.payments.cancelNow(providerSubscriptionId),
  );
  worker.handle(providerCancelAtPeriodEnd, ({ subscriptionId }) =>
    settleProviderCancel(deps, subscriptionId),
  );
}

/** In the cancelling transaction: the record waits for the provider, and the request is queued. */
export async function queueProviderCancelAtPeriodEnd(
  tx: Tx,
  subscriptionId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ providerCancelRequestedAt: now })
    .where(eq(subscriptions.id, subscriptionId));
  await enqueue(tx, providerCancelAtPeriodEnd, { subscriptionId });
}

/**
 * Asks the provider to stop at the period's end, then reads its subscription back: only its word
 * that it will stop (or has stopped) ends the wait; anything else throws, so the job tries again.
 * Asking twice is harmless, which makes a retry, a reconciliation and a job run at once all safe.
 */
async function settleProviderCancel(deps: ProviderCancelDeps, subscriptionId: string) {
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!row?.providerCancelRequestedAt || !row.providerSubscriptionId) return;
  await deps.payments.cancelAtPeriodEnd(row.providerSubscriptionId);
  const provider = await deps.payments.retrieveSubscription(row.providerSubscriptionId);
  if (!provider.cancelAtPeriodEnd && provider.status !== 'cancelled') {
    throw new Error(`the provider still bills subscription ${row.providerSubscriptionId}`);
  }
  await deps.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: provider.cancelAtPeriodEnd, providerCancelRequestedAt: null })
    .where(eq(subscriptions.id, subscriptionId));
}

/**
 * For the periodic reconciliation: every cancel still waiting for the provider a while after it was
 * asked (its job gave up, or its process died) is asked again; one that fails waits for the next.
 */
export function providerCancelReconciler(deps: ProviderCancelDeps) {
  return async (now: Date): Promise<void> => {
    const waiting = await deps.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          isNotNull(subscriptions.providerCancelRequestedAt),
          lte(subscriptions.providerCancelRequestedAt, new Date(now.getTime() - 15 * 60_000)),
        ),
      );
    let failed = 0;
    for (const { id } of waiting) {
      await settleProviderCancel(deps, id).catch(() => {
        failed += 1;
      });
    }
    if (failed > 0) throw new Error(`${failed} plan cancels still wait for the provider`);
  };
}

/**
 * For account deletion, in its transaction: queues the provider-side end of every plan of the
 * farmer's the provider bills (a cancelled one still waiting for the provider included), so that
 * the cancellation exists exactly when the deletion commits.
 */
export async function queueProviderCancellations(tx: Tx, farmerId: string): Promise<void> {
  const billed = await tx
    .select({ providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.farmerId, farmerId),
        isNotNull(subscriptions.providerSubscriptionId),
        or(
          ne(subscriptions.status, 'cancelled'),
          isNotNull(subscriptions.providerCancelRequestedAt),
        ),
      ),
    );
  for (const { providerSubscriptionId } of billed) {
    if (providerSubscriptionId) {
      await enqueue(tx, providerCancellation, { providerSubscriptionId });
    }
  }
}
