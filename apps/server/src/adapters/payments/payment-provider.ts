import type { BillingCycle, PlanId } from '@furrow/domain/plans';
import type Stripe from 'stripe';
import { lazyRequire } from '../lazy-require';

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

/** The provider's subscription as Furrow reads it: the truth a webhook only points at. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The provider's word: trialing, active, past_due, unpaid, canceled, incomplete, ... */
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
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
  orderId: string | null;
}

/** A verified webhook event, in Stripe's shape (the sandbox sends the same). */
export interface WebhookEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/**
 * A card payment provider: Stripe, or the sandbox that imitates it offline. Both deliver events of
 * Stripe's shapes to the same webhook handler, signed the same way, so one code path is tested.
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
  /** Verifies the signature over the raw body; throws when it is missing, wrong or stale. */
  verifyWebhook(rawBody: string | Buffer, signature: string | undefined): WebhookEvent;
}

/** The metadata a plan change leaves on the provider's subscription ('' unsets a key, as Stripe does). */
export function planChangeMetadata(
  request: PlanChangeRequest,
  current: Record<string, string>,
  periodEnd: number | null,
): Record<string, string> {
  if (request.when === 'now') {
    return {
      planId: request.planId,
      billingCycle: request.billingCycle,
      nextPlanId: '',
      nextBillingCycle: '',
      nextPlanFrom: '',
    };
  }
  return {
    planId: current.planId ?? '',
    billingCycle: current.billingCycle ?? '',
    nextPlanId: request.planId,
    nextBillingCycle: request.billingCycle,
    nextPlanFrom: periodEnd === null ? '' : String(periodEnd),
  };
}

/**
 * The plan a provider subscription bills now, from the metadata Furrow keeps on it: the next plan
 * once the period it was scheduled after has ended, the current one before, and which one follows.
 */
export function planFromMetadata(
  metadata: Record<string, string>,
  currentPeriodEnd: Date | null,
): {
  planId: string | undefined;
  billingCycle: string | undefined;
  next: { planId: string; billingCycle: string } | null;
} {
  const next =
    metadata.nextPlanId && metadata.nextBillingCycle
      ? { planId: metadata.nextPlanId, billingCycle: metadata.nextBillingCycle }
      : null;
  const from = Number(metadata.nextPlanFrom);
  const begun =
    next !== null &&
    Number.isFinite(from) &&
    currentPeriodEnd !== null &&
    currentPeriodEnd.getTime() > from * 1000;
  if (begun) return { ...next, next: null };
  return { planId: metadata.planId, billingCycle: metadata.billingCycle, next };
}

/** Stripe's library, loaded when a payment or webhook first needs it (about a second on a busy machine). */
export const stripeLibrary = lazyRequire<typeof Stripe>('stripe');

/** Stripe's default: a signature older than 5 minutes is refused, so a captured one cannot be replayed. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's signature scheme, which the sandbox uses too. */
export function verifyStripeSignature(
  rawBody: string | Buffer,
  signature: string | undefined,
  secret: string,
  now: () => Date = () => new Date(),
): WebhookEvent {
  if (!signature) throw new Error('no Stripe-Signature header');
  const event = stripeLibrary().webhooks.constructEvent(
    rawBody,
    signature,
    secret,
    WEBHOOK_TOLERANCE_SECONDS,
    undefined,
    // Milliseconds, unlike the header's seconds.
    now().getTime(),
  );
  return event as unknown as WebhookEvent;
}

/** A header as Stripe would sign `payload` now, for the sandbox's deliveries. */
export function signLikeStripe(payload: string, secret: string, at: Date = new Date()): string {
  return stripeLibrary().webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(at.getTime() / 1000),
  });
}
