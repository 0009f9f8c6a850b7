import type Stripe from 'stripe';
import { lazyRequire } from '../../../adapters/lazy-require';
import type { PaymentAction, PaymentPayload } from '../payment-events';
import {
  type PaymentProvider,
  type ProviderSubscription,
  type ProviderWebhook,
  WebhookSignatureError,
} from '../payment-provider';

/** Stripe's library, loaded when a payment or webhook first needs it (about a second on a busy machine). */
export const stripeLibrary = lazyRequire<typeof Stripe>('stripe');

/** Stripe's default: a signature older than 5 minutes is refused, so a captured one cannot be replayed. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A verified event in Stripe's shape (the sandbox sends the same). */
interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

/** Stripe's signature scheme, which the sandbox uses too. */
function verifyStripeSignature(
  rawBody: string | Buffer,
  signature: string | undefined,
  secret: string,
): StripeEvent {
  if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
  try {
    const event = stripeLibrary().webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
    return event as unknown as StripeEvent;
  } catch (error) {
    throw new WebhookSignatureError('the Stripe-Signature does not match', { cause: error });
  }
}

/** A header as Stripe would sign `payload` now, for the sandbox's deliveries and the tests. */
export function signLikeStripe(payload: string, secret: string, at: Date = new Date()): string {
  return stripeLibrary().webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(at.getTime() / 1000),
  });
}

/** What the translation reads again from the provider: the truth an event only points at. */
type ProviderReads = Pick<
  PaymentProvider,
  | 'retrieveSubscription'
  | 'retrievePayment'
  | 'retrievePaymentCheckout'
  | 'retrieveConnectedAccount'
>;

/**
 * A Stripe webhook (or the sandbox's, signed the same way) read into Furrow's actions: the
 * signature checked over the raw body, then each kind of event mapped to what it means for
 * Furrow, from the provider's current state rather than the event's copy of it.
 */
export async function readStripeWebhook(
  reads: ProviderReads,
  rawBody: string | Buffer,
  signature: string | undefined,
  secret: string,
): Promise<ProviderWebhook> {
  const event = verifyStripeSignature(rawBody, signature, secret);
  return { id: event.id, type: event.type, actions: await actionsOf(reads, event) };
}

async function actionsOf(reads: ProviderReads, event: StripeEvent): Promise<PaymentAction[]> {
  const object = event.data.object;
  const id = typeof object.id === 'string' ? object.id : null;
  if (event.type === 'checkout.session.completed' && object.mode === 'payment') {
    if (!id) return [];
    const checkout = await reads.retrievePaymentCheckout(id);
    if (!checkout.paid || !checkout.orderId) return [];
    return [orderPayment('payment.succeeded', checkout.orderId, checkout.paymentIntentId)];
  }
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    if (!id) return [];
    // A plan's invoice is paid through an intent too: it names no order and is read below.
    const payment = await reads.retrievePayment(id);
    if (!payment.orderId) return [];
    if (payment.succeeded) return [orderPayment('payment.succeeded', payment.orderId, payment.id)];
    return event.type === 'payment_intent.payment_failed'
      ? [orderPayment('payment.failed', payment.orderId, payment.id)]
      : [];
  }
  if (event.type === 'charge.refunded') {
    const intent = idOf(object.payment_intent);
    if (!intent) return [];
    const payment = await reads.retrievePayment(intent);
    return payment.refunded && payment.orderId
      ? [orderPayment('payment.refunded', payment.orderId, payment.id)]
      : [];
  }
  if (event.type === 'account.updated') {
    if (!id) return [];
    const account = await reads.retrieveConnectedAccount(id);
    return [
      {
        event: 'payout-account.updated',
        payload: { accountId: account.id, chargesEnabled: account.chargesEnabled },
      },
    ];
  }
  const subscriptionId = subscriptionIdOf(object);
  if (!subscriptionId) return [];
  const subscription = await reads.retrieveSubscription(subscriptionId);
  const actions: PaymentAction[] = [];
  const state = subscriptionAction(subscription);
  if (state) actions.push(state);
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = invoicePayment(object, subscription.id, event.type === 'invoice.paid');
    if (invoice) actions.push(invoice);
  }
  return actions;
}

function orderPayment(
  event: 'payment.succeeded' | 'payment.failed' | 'payment.refunded',
  orderId: string,
  paymentIntentId: string | null,
): PaymentAction {
  return { event, payload: { purpose: 'order', reference: orderId, providerId: paymentIntentId } };
}

/** The plan's state, as the provider holds it now; nothing while it grants nothing yet. */
function subscriptionAction(subscription: ProviderSubscription): PaymentAction | null {
  const payload = { subscription };
  switch (subscription.status) {
    case 'trial':
    case 'active':
      return { event: 'subscription.renewed', payload };
    case 'past_due':
      return { event: 'subscription.past-due', payload };
    case 'cancelled':
      return { event: 'subscription.cancelled', payload };
    default:
      return null;
  }
}

/** An invoice's outcome as a plan payment; a zero invoice (the trial's) is not a charge. */
function invoicePayment(
  invoice: Record<string, unknown>,
  subscriptionId: string,
  paid: boolean,
): PaymentAction | null {
  const amountCents = Number(paid ? invoice.amount_paid : invoice.amount_due) || 0;
  if (amountCents === 0 || typeof invoice.id !== 'string') return null;
  const payload: PaymentPayload = {
    purpose: 'plan',
    reference: subscriptionId,
    providerId: invoice.id,
    amountCents,
    invoiceUrl: typeof invoice.hosted_invoice_url === 'string' ? invoice.hosted_invoice_url : null,
    ...(typeof invoice.created === 'number' ? { at: new Date(invoice.created * 1000) } : {}),
  };
  return { event: paid ? 'payment.succeeded' : 'payment.failed', payload };
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof (value as { id?: unknown }).id === 'string'
      ? (value as { id: string }).id
      : null;

/** The provider subscription an event is about, wherever its shape keeps the id. */
function subscriptionIdOf(object: Record<string, unknown>): string | null {
  if (object.object === 'subscription' && typeof object.id === 'string') return object.id;
  const direct = idOf(object.subscription);
  if (direct) return direct;
  // Invoices since API version 2025-03-31 name it under `parent`.
  const parent = object.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  const nested = parent?.subscription_details?.subscription;
  return typeof nested === 'string' ? nested : null;
}
