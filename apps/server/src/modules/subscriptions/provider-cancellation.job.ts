import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import { subscriptions } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { defineJob } from '../../jobs/job-kind';
import type { Worker } from '../../jobs/worker';

/** Ends a plan at the provider once the farmer's account is gone: nothing more may be charged. */
export const providerCancellation = defineJob(
  'subscription-provider-cancel',
  z.object({ providerSubscriptionId: z.string().min(1) }),
  { maxAttempts: 20, redact: (payload) => payload },
);

export function registerProviderCancellationJob(worker: Worker, payments: PaymentProvider): void {
  worker.handle(providerCancellation, ({ providerSubscriptionId }) =>
    payments.cancelNow(providerSubscriptionId),
  );
}

/**
 * For account deletion, in its transaction: queues the provider-side end of every plan of the
 * farmer's the provider bills, so that the cancellation exists exactly when the deletion commits.
 */
export async function queueProviderCancellations(tx: Tx, farmerId: string): Promise<void> {
  const billed = await tx
    .select({ providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.farmerId, farmerId),
        isNotNull(subscriptions.providerSubscriptionId),
        ne(subscriptions.status, 'cancelled'),
      ),
    );
  for (const { providerSubscriptionId } of billed) {
    if (providerSubscriptionId) {
      await enqueue(tx, providerCancellation, { providerSubscriptionId });
    }
  }
}
