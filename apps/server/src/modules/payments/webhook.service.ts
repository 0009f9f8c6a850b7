import { AppError } from '@furrow/domain/errors';
import type { Db } from '../../db/client';
import { type Tx, withTransaction } from '../../db/transaction';
import type { EventKind } from '../../domain-events/event-kind';
import { publish } from '../../domain-events/publish';
import {
  type PaymentAction,
  paymentFailed,
  paymentRefunded,
  paymentSucceeded,
  payoutAccountUpdated,
  subscriptionCancelled,
  subscriptionPastDue,
  subscriptionRenewed,
} from './payment-events';
import {
  type PaymentProvider,
  type ProviderWebhook,
  WebhookSignatureError,
} from './payment-provider';
import { processedWebhookEvents } from './payments.schema';

export interface WebhookDeps {
  db: Db;
  payments: PaymentProvider;
  clock: () => Date;
}

const events: Record<PaymentAction['event'], EventKind<PaymentAction['payload']>> = {
  'payment.succeeded': paymentSucceeded,
  'payment.failed': paymentFailed,
  'payment.refunded': paymentRefunded,
  'subscription.renewed': subscriptionRenewed,
  'subscription.past-due': subscriptionPastDue,
  'subscription.cancelled': subscriptionCancelled,
  'payout-account.updated': payoutAccountUpdated,
} as Record<PaymentAction['event'], EventKind<PaymentAction['payload']>>;

/**
 * A webhook delivery from the card provider (or the sandbox, signed the same way). The adapter
 * checks the signature and reads the event into Furrow's actions, calling the provider before any
 * transaction opens; then, in one transaction, the event id is recorded and each action published,
 * so that a delivery applies once and a replay changes nothing. Orders, subscriptions and payouts
 * subscribe to the events.
 */
export async function handleWebhook(
  deps: WebhookDeps,
  rawBody: string | Buffer,
  signature: string | undefined,
): Promise<{ applied: boolean }> {
  let webhook: ProviderWebhook;
  try {
    webhook = await deps.payments.readWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new AppError('WEBHOOK_INVALID');
    throw error;
  }
  const now = deps.clock();
  return withTransaction(deps.db, async (tx) => {
    if (!(await recordOnce(tx, webhook, now))) return { applied: false };
    for (const action of webhook.actions) {
      await publish(tx, events[action.event], action.payload, now);
    }
    return { applied: true };
  });
}

/** Whether this is the first time the event is seen. */
async function recordOnce(tx: Tx, webhook: ProviderWebhook, now: Date): Promise<boolean> {
  const [fresh] = await tx
    .insert(processedWebhookEvents)
    .values({ id: webhook.id, type: webhook.type, processedAt: now })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return fresh !== undefined;
}
