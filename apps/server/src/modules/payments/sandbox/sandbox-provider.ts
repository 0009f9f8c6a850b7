import { createHash, randomBytes } from 'node:crypto';
import { addDays } from '@furrow/domain/dates';
import { addBillingCycle, statusFromProvider } from '@furrow/domain/subscriptions';
import type {
  ChargeRequest,
  ChargeResult,
  CheckoutRequest,
  ConnectedAccount,
  PaymentCheckoutRequest,
  PaymentProvider,
  PlanChangeRequest,
  ProviderPaymentCheckout,
  ProviderSubscription,
} from '../payment-provider';
import { planChangeMetadata, planFields } from '../stripe/plan-metadata';
import { readStripeWebhook, signLikeStripe } from '../stripe/stripe-webhooks';

export type SandboxKind =
  | 'customer'
  | 'checkout_session'
  | 'subscription'
  | 'charge'
  | 'account'
  | 'payment_intent'
  | 'refund';

/** Where the sandbox keeps its records; the database in the app, so every process sees them. */
export interface SandboxStore {
  get(id: string): Promise<Record<string, unknown> | undefined>;
  put(id: string, kind: SandboxKind, data: Record<string, unknown>): Promise<void>;
}

/** Stripe's test cards: the one that pays and the one that is declined. */
export const SANDBOX_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' };
export const DECLINED_MESSAGE = 'Your card was declined.';

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** A signed delivery, as Stripe would POST it to the webhook. */
export interface SandboxDelivery {
  payload: string;
  signature: string;
}

export type CheckoutOutcome =
  | { paid: false; message: string }
  | { paid: true; redirectUrl: string; deliveries: SandboxDelivery[] };

/** What a sandbox checkout sells: a plan with its trial, or one order paid to its farm. */
export type SandboxPurchase =
  | { kind: 'plan'; planName: string; billingCycle: string; trialDays: number }
  | { kind: 'order'; orderNumber: string; farmName: string };

export interface SandboxCheckout {
  id: string;
  status: 'open' | 'complete' | 'expired';
  amountCents: number;
  cancelUrl: string;
  purchase: SandboxPurchase;
}

/** A farm's connected account while its onboarding is shown. */
export interface SandboxOnboarding {
  accountId: string;
  farmName: string;
  chargesEnabled: boolean;
  refreshUrl: string;
}

export type OnboardingOutcome = { redirectUrl: string; deliveries: SandboxDelivery[] };

export interface SandboxProvider extends PaymentProvider {
  findCheckout(id: string): Promise<SandboxCheckout | undefined>;
  payCheckout(id: string, card: CardForm, now: Date): Promise<CheckoutOutcome>;
  findOnboarding(accountId: string): Promise<SandboxOnboarding | undefined>;
  /** The one click that stands for Stripe's onboarding forms: the account may take charges. */
  completeOnboarding(accountId: string, now: Date): Promise<OnboardingOutcome>;
}

// Stripe's `object` names for the kinds the store keeps.
const objectNames: Record<SandboxKind, string> = {
  customer: 'customer',
  checkout_session: 'checkout.session',
  subscription: 'subscription',
  charge: 'charge',
  account: 'account',
  payment_intent: 'payment_intent',
  refund: 'refund',
};

const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The card problems Stripe's hosted page names before it even tries the card. */
function cardProblem(card: CardForm, now: Date): string | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return 'Your card number is incomplete.';
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = Number(expiry?.[2]?.length === 2 ? `20${expiry[2]}` : expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return "Your card's expiration date is incomplete.";
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return "Your card's expiration year is in the past.";
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  if (number === SANDBOX_CARDS.declined) return DECLINED_MESSAGE;
  if (number !== SANDBOX_CARDS.succeeds) {
    return 'The sandbox takes only its test cards: use 4242 4242 4242 4242.';
  }
  return null;
}

/**
 * A payment provider that needs no network: a checkout page served by Furrow, subscriptions and
 * charges kept in its store, and events of Stripe's shapes signed with Stripe's scheme, so they go
 * through the very webhook handler Stripe's would.
 */
export function createSandboxProvider(options: {
  store: SandboxStore;
  webhookSecret: string;
  publicUrl: string;
  /** When a plan changed at once starts its new period. */
  clock?: () => Date;
}): SandboxProvider {
  const { store, webhookSecret } = options;
  const clock = options.clock ?? (() => new Date());
  const publicUrl = options.publicUrl.replace(/\/+$/, '');

  function signed(type: string, object: Record<string, unknown>, now: Date): SandboxDelivery {
    const event = {
      id: newId('evt'),
      object: 'event',
      type,
      created: seconds(now),
      livemode: false,
      data: { object },
    };
    const payload = JSON.stringify(event);
    return { payload, signature: signLikeStripe(payload, webhookSecret, now) };
  }

  async function read(id: string, kind: SandboxKind) {
    const record = await store.get(id);
    if (!record || record.object !== objectNames[kind]) throw new Error(`No such ${kind}: ${id}`);
    return record;
  }

  const provider: SandboxProvider = {
    name: 'sandbox',

    async createCustomer({ email, name, metadata }) {
      const id = newId('cus');
      await store.put(id, 'customer', { id, object: 'customer', email, name, metadata });
      return id;
    },

    async createCheckoutSession(request: CheckoutRequest) {
      const id = newId('cs');
      await store.put(id, 'checkout_session', {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        customer: request.customerId,
        amount_total: request.amountCents,
        currency: 'usd',
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: request.metadata,
        plan: {
          planId: request.planId,
          planName: request.planName,
          billingCycle: request.billingCycle,
          amountCents: request.amountCents,
          trialDays: request.trialDays,
        },
      });
      return { id, url: `${publicUrl}/sandbox/checkout/${id}` };
    },

    async findCheckout(id) {
      const session = await store.get(id);
      if (!session || session.object !== objectNames.checkout_session) return undefined;
      const base = {
        id,
        status: session.status as SandboxCheckout['status'],
        cancelUrl: session.cancel_url as string,
        amountCents: session.amount_total as number,
      };
      if (session.mode === 'payment') {
        const order = session.order as { orderNumber: string; farmName: string };
        return { ...base, purchase: { kind: 'order', ...order } };
      }
      const plan = session.plan as { planName: string; billingCycle: string; trialDays: number };
      return {
        ...base,
        purchase: {
          kind: 'plan',
          planName: plan.planName,
          billingCycle: plan.billingCycle,
          trialDays: plan.trialDays,
        },
      };
    },

    async payCheckout(id, card, now) {
      const session = await read(id, 'checkout_session');
      if (session.status !== 'open') return { paid: false, message: 'This checkout is complete.' };
      if (typeof session.expires_at === 'number' && session.expires_at <= seconds(now)) {
        await store.put(id, 'checkout_session', { ...session, status: 'expired' });
        return { paid: false, message: 'This checkout has expired.' };
      }
      const problem = cardProblem(card, now);
      if (problem) return { paid: false, message: problem };
      if (session.mode === 'payment') return payForOrder(session, card, now);

      const plan = session.plan as { billingCycle: string; amountCents: number; trialDays: number };
      const trialEnd = addDays(now, plan.trialDays);
      const customerId = session.customer as string;
      const customer = await read(customerId, 'customer');
      const paymentMethod = { id: newId('pm'), brand: 'visa', last4: card.number.slice(-4) };
      await store.put(customerId, 'customer', { ...customer, payment_method: paymentMethod });
      const subscription = {
        id: newId('sub'),
        object: 'subscription',
        customer: customerId,
        status: 'trialing',
        trial_end: seconds(trialEnd),
        cancel_at_period_end: false,
        default_payment_method: paymentMethod.id,
        items: {
          object: 'list',
          data: [
            {
              object: 'subscription_item',
              current_period_end: seconds(trialEnd),
              price: {
                currency: 'usd',
                unit_amount: plan.amountCents,
                recurring: { interval: plan.billingCycle === 'annual' ? 'year' : 'month' },
              },
            },
          ],
        },
        metadata: session.metadata,
      };
      await store.put(subscription.id, 'subscription', subscription);
      const completed = { ...session, status: 'complete', subscription: subscription.id };
      await store.put(id, 'checkout_session', completed);
      return {
        paid: true,
        redirectUrl: session.success_url as string,
        deliveries: [
          signed('checkout.session.completed', completed, now),
          signed('customer.subscription.created', subscription, now),
        ],
      };
    },

    async retrieveSubscription(id): Promise<ProviderSubscription> {
      const subscription = await read(id, 'subscription');
      const items = subscription.items as { data: { current_period_end: number }[] };
      const periodEnd = items.data[0]?.current_period_end;
      const currentPeriodEnd = periodEnd ? new Date(periodEnd * 1000) : null;
      const customer = await store.get(subscription.customer as string);
      const card = customer?.payment_method as
        | { id: string; brand: string; last4: string }
        | undefined;
      return {
        id,
        customerId: subscription.customer as string,
        status: statusFromProvider(subscription.status as string),
        trialEnd: subscription.trial_end
          ? new Date((subscription.trial_end as number) * 1000)
          : null,
        currentPeriodEnd,
        cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
        ...planFields(subscription.metadata as Record<string, string>, currentPeriodEnd),
        card: card ? { providerId: card.id, brand: card.brand, last4: card.last4 } : null,
      };
    },

    async changeSubscriptionPrice(request: PlanChangeRequest) {
      const subscription = await read(request.subscriptionId, 'subscription');
      const items = subscription.items as { data: Record<string, unknown>[] };
      const [item] = items.data;
      if (!item) throw new Error(`No item on subscription ${request.subscriptionId}`);
      const periodEnd = (item.current_period_end as number | undefined) ?? null;
      // As Stripe: an upgrade after the trial starts a new period now; otherwise the period stays.
      const startsNow = request.when === 'now' && subscription.status !== 'trialing';
      const changed = {
        ...item,
        current_period_end: startsNow
          ? seconds(addBillingCycle(clock(), request.billingCycle))
          : periodEnd,
        price: {
          currency: 'usd',
          unit_amount: request.amountCents,
          recurring: { interval: request.billingCycle === 'annual' ? 'year' : 'month' },
          product_name: `Furrow ${request.planName}`,
        },
      };
      const metadata = Object.fromEntries(
        Object.entries({
          ...(subscription.metadata as Record<string, string>),
          ...planChangeMetadata(
            request,
            subscription.metadata as Record<string, string>,
            periodEnd,
          ),
        }).filter(([, value]) => value !== ''),
      );
      await store.put(request.subscriptionId, 'subscription', {
        ...subscription,
        items: { ...items, data: [changed, ...items.data.slice(1)] },
        metadata,
      });
    },

    async cancelAtPeriodEnd(subscriptionId) {
      const subscription = await read(subscriptionId, 'subscription');
      await store.put(subscriptionId, 'subscription', {
        ...subscription,
        cancel_at_period_end: true,
      });
    },

    async cancelNow(subscriptionId) {
      const subscription = await read(subscriptionId, 'subscription');
      await store.put(subscriptionId, 'subscription', { ...subscription, status: 'canceled' });
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      // One charge per idempotency key, as Stripe keeps it: a retried job is answered the first result.
      const id = `ch_sandbox_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      const earlier = await store.get(id);
      if (earlier) return earlier.result as ChargeResult;
      const declined = request.paymentMethod.last4 === SANDBOX_CARDS.declined.slice(-4);
      const result: ChargeResult = {
        id,
        paid: !declined,
        invoiceUrl: null,
        failure: declined ? DECLINED_MESSAGE : null,
      };
      await store.put(id, 'charge', { id, object: 'charge', amount: request.amountCents, result });
      return result;
    },

    async createConnectedAccount({ email, farmName, metadata }) {
      const id = newId('acct');
      await store.put(id, 'account', {
        id,
        object: 'account',
        type: 'express',
        email,
        business_profile: { name: farmName },
        charges_enabled: false,
        details_submitted: false,
        metadata,
      });
      return id;
    },

    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      const account = await read(accountId, 'account');
      await store.put(accountId, 'account', {
        ...account,
        onboarding: { return_url: returnUrl, refresh_url: refreshUrl },
      });
      return `${publicUrl}/sandbox/connect/${accountId}`;
    },

    async retrieveConnectedAccount(id): Promise<ConnectedAccount> {
      const account = await read(id, 'account');
      return { id, chargesEnabled: account.charges_enabled === true };
    },

    async findOnboarding(accountId) {
      const account = await store.get(accountId);
      const onboarding = account?.onboarding as { refresh_url: string } | undefined;
      if (account?.object !== 'account' || !onboarding) return undefined;
      return {
        accountId,
        farmName: (account.business_profile as { name: string }).name,
        chargesEnabled: account.charges_enabled === true,
        refreshUrl: onboarding.refresh_url,
      };
    },

    async completeOnboarding(accountId, now) {
      const account = await read(accountId, 'account');
      const onboarding = account.onboarding as { return_url: string };
      const finished = {
        ...account,
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
      };
      await store.put(accountId, 'account', finished);
      return {
        redirectUrl: onboarding.return_url,
        deliveries: [signed('account.updated', finished, now)],
      };
    },

    async createPaymentCheckout(request: PaymentCheckoutRequest) {
      const id = newId('cs');
      await store.put(id, 'checkout_session', {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        client_reference_id: request.orderId,
        customer_email: request.customerEmail,
        amount_total: request.amountCents,
        currency: 'usd',
        expires_at: seconds(request.expiresAt),
        payment_intent_data: { transfer_data: { destination: request.accountId } },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: { orderId: request.orderId, orderNumber: request.orderNumber },
        order: { orderNumber: request.orderNumber, farmName: request.farmName },
      });
      return { id, url: `${publicUrl}/sandbox/checkout/${id}` };
    },

    async retrievePaymentCheckout(id) {
      return readPaymentCheckout(await read(id, 'checkout_session'));
    },

    async expirePaymentCheckout(id) {
      const session = await read(id, 'checkout_session');
      if (session.status !== 'open') return readPaymentCheckout(session);
      const expired = { ...session, status: 'expired' };
      await store.put(id, 'checkout_session', expired);
      return readPaymentCheckout(expired);
    },

    async retrievePayment(id) {
      const intent = await read(id, 'payment_intent');
      const metadata = intent.metadata as Record<string, string>;
      return {
        id,
        succeeded: intent.status === 'succeeded',
        refunded: typeof intent.amount_refunded === 'number' && intent.amount_refunded > 0,
        orderId: metadata.orderId ?? null,
      };
    },

    async refundPayment({ paymentIntentId, idempotencyKey }) {
      // One refund per key, as Stripe keeps it: a retried job is answered the first refund.
      const id = `re_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
      if (await store.get(id)) return { id };
      const intent = await read(paymentIntentId, 'payment_intent');
      await store.put(id, 'refund', {
        id,
        object: 'refund',
        amount: intent.amount,
        payment_intent: paymentIntentId,
        status: 'succeeded',
      });
      await store.put(paymentIntentId, 'payment_intent', {
        ...intent,
        amount_refunded: intent.amount,
      });
      return { id };
    },

    readWebhook(rawBody, signature) {
      return readStripeWebhook(provider, rawBody, signature, webhookSecret);
    },
  };
  return provider;

  /** A paid order checkout: the payment made, to the farm's account, and Stripe's two events. */
  async function payForOrder(
    session: Record<string, unknown>,
    card: CardForm,
    now: Date,
  ): Promise<CheckoutOutcome> {
    const intent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: 'usd',
      status: 'succeeded',
      payment_method_types: ['card'],
      last4: card.number.replace(/[\s-]/g, '').slice(-4),
      transfer_data: (session.payment_intent_data as { transfer_data: unknown }).transfer_data,
      metadata: session.metadata,
      created: seconds(now),
    };
    await store.put(intent.id, 'payment_intent', intent);
    const completed = {
      ...session,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
    };
    await store.put(session.id as string, 'checkout_session', completed);
    return {
      paid: true,
      redirectUrl: session.success_url as string,
      deliveries: [
        signed('checkout.session.completed', completed, now),
        signed('payment_intent.succeeded', intent, now),
      ],
    };
  }
}

function readPaymentCheckout(session: Record<string, unknown>): ProviderPaymentCheckout {
  const metadata = session.metadata as Record<string, string> | undefined;
  return {
    id: session.id as string,
    status: session.status as ProviderPaymentCheckout['status'],
    paid: session.payment_status === 'paid',
    paymentIntentId: (session.payment_intent as string | null) ?? null,
    orderId: metadata?.orderId ?? null,
  };
}

/** The sandbox behind a provider, when it is one: its checkout page needs more than the interface. */
export function asSandbox(provider: PaymentProvider): SandboxProvider | null {
  return 'payCheckout' in provider ? (provider as SandboxProvider) : null;
}
