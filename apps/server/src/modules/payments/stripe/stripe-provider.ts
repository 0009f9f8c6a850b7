import { statusFromProvider } from '@furrow/domain/subscriptions';
import type Stripe from 'stripe';
import type {
  ChargeRequest,
  ChargeResult,
  CheckoutRequest,
  PaymentCheckoutRequest,
  PaymentProvider,
  PlanChangeRequest,
  ProviderPaymentCheckout,
  ProviderSubscription,
} from '../payment-provider';
import { planChangeMetadata, planFields } from './plan-metadata';
import { readStripeWebhook, stripeLibrary } from './stripe-webhooks';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another host speaking Stripe's API, such as a test server; Stripe's own by default. */
  apiBase?: string;
}

function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

const toDate = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

function readSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  // Since API version 2025-03-31 the billing period belongs to each item.
  const currentPeriodEnd = toDate(subscription.items.data[0]?.current_period_end);
  return {
    id: subscription.id,
    customerId:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: statusFromProvider(subscription.status),
    trialEnd: toDate(subscription.trial_end),
    currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...planFields(subscription.metadata, currentPeriodEnd),
    card: cardOf(subscription.default_payment_method),
  };
}

function cardOf(method: string | Stripe.PaymentMethod | null): ProviderSubscription['card'] {
  if (!method || typeof method === 'string' || !method.card) return null;
  return { providerId: method.id, brand: method.card.brand, last4: method.card.last4 };
}

function readPaymentCheckout(session: Stripe.Checkout.Session): ProviderPaymentCheckout {
  const intent = session.payment_intent;
  return {
    id: session.id,
    status:
      session.status === 'complete'
        ? 'complete'
        : session.status === 'expired'
          ? 'expired'
          : 'open',
    paid: session.payment_status === 'paid',
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
  };
}

/** Stripe Checkout for plans, Stripe Billing for their renewals, webhooks for what happened. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const StripeClient = stripeLibrary();
  const stripe = new StripeClient(options.secretKey, clientOptions(options.apiBase));
  const provider: PaymentProvider = {
    name: 'stripe',

    async createCustomer({ email, name, metadata }) {
      const customer = await stripe.customers.create({ email, name, metadata });
      return customer.id;
    },

    async createCheckoutSession(request: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: request.customerId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.amountCents,
              recurring: { interval: request.billingCycle === 'annual' ? 'year' : 'month' },
              product_data: {
                name: `Furrow ${request.planName}`,
                metadata: { planId: request.planId },
              },
            },
          },
        ],
        subscription_data: { trial_period_days: request.trialDays, metadata: request.metadata },
        metadata: request.metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async retrieveSubscription(id) {
      return readSubscription(
        await stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }),
      );
    },

    async changeSubscriptionPrice(request: PlanChangeRequest) {
      const subscription = await stripe.subscriptions.retrieve(request.subscriptionId);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
      // A subscription item's inline price names a product by id, unlike a checkout's line item.
      const product = await stripe.products.create({
        name: `Furrow ${request.planName}`,
        metadata: { planId: request.planId },
      });
      // An upgrade after the trial starts a new period now, crediting the unused part of the old
      // one; a trial has nothing to prorate; a downgrade is billed from the next period.
      const startsNow = request.when === 'now' && subscription.status !== 'trialing';
      const timing: Stripe.SubscriptionUpdateParams = startsNow
        ? { billing_cycle_anchor: { type: 'now' }, proration_behavior: 'always_invoice' }
        : { proration_behavior: 'none' };
      await stripe.subscriptions.update(subscription.id, {
        ...timing,
        items: [
          {
            id: item.id,
            price_data: {
              currency: 'usd',
              unit_amount: request.amountCents,
              recurring: { interval: request.billingCycle === 'annual' ? 'year' : 'month' },
              product: product.id,
            },
          },
        ],
        metadata: planChangeMetadata(request, subscription.metadata, item.current_period_end),
      });
    },

    async cancelAtPeriodEnd(subscriptionId) {
      // An ended subscription cannot be updated, and has nothing left to cancel.
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      if (subscription.status === 'canceled' || subscription.cancel_at_period_end) return;
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    },

    async cancelNow(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      if (subscription.status !== 'canceled') await stripe.subscriptions.cancel(subscriptionId);
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      if (!request.customerId || !request.paymentMethod.providerId) {
        return {
          id: request.idempotencyKey,
          paid: false,
          invoiceUrl: null,
          failure: 'No card on file',
        };
      }
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customerId,
            payment_method: request.paymentMethod.providerId,
            description: request.description,
            off_session: true,
            confirm: true,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        const paid = intent.status === 'succeeded';
        return { id: intent.id, paid, invoiceUrl: null, failure: paid ? null : intent.status };
      } catch (error) {
        // A declined card is an answer, not a failure of the job: the subscription falls past due.
        if (error instanceof StripeClient.errors.StripeCardError) {
          return {
            id: error.payment_intent?.id ?? request.idempotencyKey,
            paid: false,
            invoiceUrl: null,
            failure: error.message,
          };
        }
        throw error;
      }
    },

    async createConnectedAccount({ email, farmName, metadata }) {
      const account = await stripe.accounts.create({
        type: 'express',
        country: 'US',
        email,
        business_profile: { name: farmName },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata,
      });
      return account.id;
    },

    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },

    async retrieveConnectedAccount(id) {
      const account = await stripe.accounts.retrieve(id);
      return { id: account.id, chargesEnabled: account.charges_enabled === true };
    },

    async createPaymentCheckout(request: PaymentCheckoutRequest) {
      const metadata = { orderId: request.orderId, orderNumber: request.orderNumber };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.orderId,
          customer_email: request.customerEmail,
          line_items: request.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: 'usd',
              unit_amount: line.unitAmountCents,
              product_data: { name: line.name },
            },
          })),
          // A destination charge: the farm is the seller, and the money goes to its own account.
          payment_intent_data: {
            description: `Order ${request.orderNumber} from ${request.farmName}`,
            transfer_data: { destination: request.accountId },
            on_behalf_of: request.accountId,
            metadata,
          },
          metadata,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // A retried checkout answer asks for the same session, not a second one.
        { idempotencyKey: `order-checkout:${request.orderId}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { id: session.id, url: session.url };
    },

    async retrievePaymentCheckout(id) {
      return readPaymentCheckout(await stripe.checkout.sessions.retrieve(id));
    },

    async expirePaymentCheckout(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      // Only an open session can be expired; a paid or expired one is answered as it is.
      if (session.status !== 'open') return readPaymentCheckout(session);
      return readPaymentCheckout(await stripe.checkout.sessions.expire(id));
    },

    async retrievePayment(id) {
      const intent = await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
      const charge = intent.latest_charge;
      return {
        id: intent.id,
        succeeded: intent.status === 'succeeded',
        refunded: typeof charge === 'object' && charge?.refunded === true,
        orderId: intent.metadata.orderId ?? null,
      };
    },

    async refundPayment({ paymentIntentId, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        // The farm received the money: reversing the transfer takes it back from its account.
        { payment_intent: paymentIntentId, reverse_transfer: true },
        { idempotencyKey },
      );
      return { id: refund.id };
    },

    readWebhook(rawBody, signature) {
      return readStripeWebhook(provider, rawBody, signature, options.webhookSecret);
    },
  };
  return provider;
}
