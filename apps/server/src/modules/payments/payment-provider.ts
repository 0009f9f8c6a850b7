import type { BillingCycle, PlanId } from '@furrow/domain/plans';
import type { SubscriptionStatus } from '@furrow/domain/subscriptions';
import type { PaymentAction } from './payment-events';

/** What a farmer is sent to pay for: one plan, billed every cycle after the trial. */
export interface CheckoutRequest {
  customerId: string;
  planId: PlanId;
  planName: string;
  billingCycle: BillingCycle;
  /** What one whole cycle costs. */
  amountCents: number;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  /** Carried onto the provider's subscription, so that its webhooks say whose plan it is. */
  metadata: Record<string, string>;
}

/**
 * A move of a provider-billed subscription to another plan or cycle. `now` (an upgrade, or any
 * change during the trial) bills the new price at once, prorated; `period_end` (a downgrade) keeps
 * the price paid for this period and bills the new one from the next. The provider's metadata then
 * names the plan in force (`planId`, `billingCycle`) and, for `period_end`, the one that follows
 * (`nextPlanId`, `nextBillingCycle`, `nextPlanFrom`: the period end, in Unix seconds), so that
 * its webhooks read the plan back.
 */
export interface PlanChangeRequest {
  subscriptionId: string;
  planId: PlanId;
  planName: string;
  billingCycle: BillingCycle;
  /** What one whole cycle of the new plan costs. */
  amountCents: number;
  when: 'now' | 'period_end';
}

/**
 * The provider's subscription as Furrow reads it: the truth a webhook only points at. `status` is
 * Furrow's word for the provider's, or null while it grants nothing (before a first payment, or
 * paused). Whose plan it is and which plan it bills come from what Furrow wrote on it at checkout
 * and at each plan change.
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  farmerId: string | null;
  farmId: string | null;
  /** The plan billed now (a scheduled downgrade once its period has begun). */
  planId: string | null;
  billingCycle: string | null;
  /** A downgrade still to come, from the next period. */
  next: { planId: string; billingCycle: string } | null;
  /** The card it is paid with, as the farmer's payment method record shows it. */
  card: { providerId: string; brand: string; last4: string } | null;
}

export interface ChargeRequest {
  customerId: string | null;
  /** The provider's id of the card to charge, and its last digits. */
  paymentMethod: { providerId: string | null; last4: string };
  amountCents: number;
  description: string;
  /** The same key charges at most once, however often a job is retried. */
  idempotencyKey: string;
}

export interface ChargeResult {
  id: string;
  paid: boolean;
  invoiceUrl: string | null;
  /** Why it failed, in the provider's words, for the failed-payment notice. */
  failure: string | null;
}

/** A farm's own payment account (Stripe Connect, Express), where shoppers' payments go. */
export interface ConnectedAccount {
  id: string;
  /** Onboarding is finished and the provider lets the account take charges. */
  chargesEnabled: boolean;
}

/** What a shopper is sent to pay for: one card order, paid to its farm's connected account. */
export interface PaymentCheckoutRequest {
  orderId: string;
  orderNumber: string;
  farmName: string;
  /** The farm's connected account: the payment's destination. */
  accountId: string;
  customerEmail: string;
  lines: { name: string; unitAmountCents: number; quantity: number }[];
  amountCents: number;
  /** The session is closed at the provider after this (the order is released by then). */
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

/** A hosted payment checkout as the provider sees it now: the truth its webhooks only point at. */
export interface ProviderPaymentCheckout {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  paymentIntentId: string | null;
  /** The order it pays, from the metadata Furrow gave it. */
  orderId: string | null;
}

/** A card payment (a PaymentIntent) as the provider sees it now. */
export interface ProviderPayment {
  id: string;
  succeeded: boolean;
  /** Given back whole. */
  refunded: boolean;
  orderId: string | null;
}

/** A webhook delivery, verified and read in Furrow's words. */
export interface ProviderWebhook {
  /** The provider's event id: a delivery seen before is acknowledged and changes nothing. */
  id: string;
  type: string;
  /** What Furrow does about it, in order; none for an event Furrow does not act on. */
  actions: PaymentAction[];
}

/** A webhook whose signature is missing, wrong or stale. */
export class WebhookSignatureError extends Error {}

/**
 * A card payment provider: Stripe, or the sandbox that imitates it offline. Everything it answers
 * is in Furrow's words; its own objects stay inside its adapter.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  createCustomer(input: {
    email: string;
    name: string;
    metadata: Record<string, string>;
  }): Promise<string>;
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /** Moves the subscription's price to another plan or cycle (see `PlanChangeRequest`). */
  changeSubscriptionPrice(request: PlanChangeRequest): Promise<void>;
  /** The farmer keeps what they paid for; nothing more is charged. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Ends it now, for an account that is gone; cancelling one already ended is harmless. */
  cancelNow(subscriptionId: string): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Opens a farm's connected account (Express), before its onboarding. */
  createConnectedAccount(input: {
    email: string;
    farmName: string;
    metadata: Record<string, string>;
  }): Promise<string>;
  /** A single-use address where the farmer finishes onboarding, then comes back to `returnUrl`. */
  createOnboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<string>;
  retrieveConnectedAccount(id: string): Promise<ConnectedAccount>;
  createPaymentCheckout(request: PaymentCheckoutRequest): Promise<{ id: string; url: string }>;
  retrievePaymentCheckout(id: string): Promise<ProviderPaymentCheckout>;
  /** Closes an open checkout so nothing more can be paid there; answers its state afterwards. */
  expirePaymentCheckout(id: string): Promise<ProviderPaymentCheckout>;
  retrievePayment(id: string): Promise<ProviderPayment>;
  /** Refunds a payment whole, taking it back from the farm too; one refund per key. */
  refundPayment(input: {
    paymentIntentId: string;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /**
   * Verifies the signature over the raw body (throws `WebhookSignatureError` when it is missing,
   * wrong or stale) and turns the event into Furrow's actions. An event only points at what
   * changed: the actions carry the provider's current state, read again outside any transaction,
   * so that late, repeated or reordered events all end in that state.
   */
  readWebhook(rawBody: string | Buffer, signature: string | undefined): Promise<ProviderWebhook>;
}
