import { subscriptionStatuses } from '@furrow/domain/subscriptions';
import { z } from 'zod';
import { defineEvent } from '../../domain-events/event-kind';

/**
 * What the payment provider told Furrow, in Furrow's words: the webhook publishes these, in the
 * transaction that records the provider's event id, and orders, subscriptions and payouts act on
 * them. Dates are coerced so that a payload read back from a job's JSON parses as well.
 */

const date = z.coerce.date();

/** A payment the provider settled: an order's, or a plan's invoice. */
const paymentPayload = z.object({
  purpose: z.enum(['order', 'plan']),
  /** The order's id, or the provider's id of the plan's subscription. */
  reference: z.string().min(1),
  /** The provider's id of the payment (an order's payment intent, a plan's invoice). */
  providerId: z.string().nullable(),
  amountCents: z.number().int().nonnegative().optional(),
  /** Where the farmer reads a plan's invoice. */
  invoiceUrl: z.string().nullable().optional(),
  at: date.optional(),
});
export type PaymentPayload = z.infer<typeof paymentPayload>;

export const paymentSucceeded = defineEvent('payment.succeeded', paymentPayload);
export const paymentFailed = defineEvent('payment.failed', paymentPayload);
export const paymentRefunded = defineEvent('payment.refunded', paymentPayload);

/** The provider's subscription as it stands now (see `ProviderSubscription`). */
const subscriptionPayload = z.object({
  subscription: z.object({
    id: z.string().min(1),
    customerId: z.string(),
    status: z.enum(subscriptionStatuses).nullable(),
    trialEnd: date.nullable(),
    currentPeriodEnd: date.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    farmerId: z.string().nullable(),
    farmId: z.string().nullable(),
    planId: z.string().nullable(),
    billingCycle: z.string().nullable(),
    next: z.object({ planId: z.string(), billingCycle: z.string() }).nullable(),
    card: z.object({ providerId: z.string(), brand: z.string(), last4: z.string() }).nullable(),
  }),
});
export type SubscriptionPayload = z.infer<typeof subscriptionPayload>;

/** The provider bills the plan on (in its trial or active): made, renewed or changed. */
export const subscriptionRenewed = defineEvent('subscription.renewed', subscriptionPayload);
export const subscriptionPastDue = defineEvent('subscription.past-due', subscriptionPayload);
export const subscriptionCancelled = defineEvent('subscription.cancelled', subscriptionPayload);

/** A farm's payouts account may take charges now, or no longer. */
const payoutAccountPayload = z.object({
  accountId: z.string().min(1),
  chargesEnabled: z.boolean(),
});
export type PayoutAccountPayload = z.infer<typeof payoutAccountPayload>;

export const payoutAccountUpdated = defineEvent('payout-account.updated', payoutAccountPayload);

/** One thing a webhook makes Furrow do: an event to publish and its payload. */
export type PaymentAction =
  | { event: 'payment.succeeded' | 'payment.failed' | 'payment.refunded'; payload: PaymentPayload }
  | {
      event: 'subscription.renewed' | 'subscription.past-due' | 'subscription.cancelled';
      payload: SubscriptionPayload;
    }
  | { event: 'payout-account.updated'; payload: PayoutAccountPayload };
