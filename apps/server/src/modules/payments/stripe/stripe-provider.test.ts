import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeCall, startStripeServer, stripeFixture } from '../../../testing/stripe-server';
import { WebhookSignatureError } from '../payment-provider';
import { createStripeProvider } from './stripe-provider';
import { signLikeStripe } from './stripe-webhooks';

const periodEnd = 1_800_000_000;

function respond(call: StripeCall) {
  const route = `${call.method} ${call.path}`;
  if (route === 'POST /v1/customers')
    return { body: stripeFixture('customer', { id: 'cus_farm' }) };
  if (route === 'POST /v1/checkout/sessions' && call.form.get('mode') === 'payment') {
    return {
      body: stripeFixture('checkout.session', {
        id: 'cs_order',
        mode: 'payment',
        url: 'https://checkout.stripe.com/c/pay/cs_order',
      }),
    };
  }
  if (route === 'POST /v1/checkout/sessions') {
    return {
      body: stripeFixture('checkout.session', {
        id: 'cs_test_1',
        mode: 'subscription',
        url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      }),
    };
  }
  if (route === 'POST /v1/products') {
    return { body: stripeFixture('product', { id: 'prod_pro', name: call.form.get('name') }) };
  }
  if (call.path === '/v1/subscriptions/sub_paid' || call.path === '/v1/subscriptions/sub_trial') {
    const subscription = stripeFixture('subscription', {
      id: call.path.split('/').pop(),
      status: call.path.endsWith('sub_trial') ? 'trialing' : 'active',
    });
    const items = subscription.items as { data: Record<string, unknown>[] };
    items.data = items.data.map((item) => ({
      ...item,
      id: 'si_plan',
      current_period_end: periodEnd,
    }));
    return {
      body: {
        ...subscription,
        metadata: { farmerId: 'f1', planId: 'basic', billingCycle: 'monthly' },
      },
    };
  }
  if (call.path === '/v1/subscriptions/sub_1') {
    const subscription = stripeFixture('subscription', { id: 'sub_1', status: 'trialing' });
    const items = subscription.items as { data: Record<string, unknown>[] };
    items.data = items.data.map((item) => ({ ...item, current_period_end: periodEnd }));
    return {
      body: {
        ...subscription,
        cancel_at_period_end: call.method === 'POST',
        default_payment_method: stripeFixture('payment_method', { id: 'pm_card' }),
        metadata: { farmerId: 'f1', planId: 'basic' },
      },
    };
  }
  if (route === 'POST /v1/payment_intents') {
    if (call.form.get('payment_method') === 'pm_declined') {
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined.',
            payment_intent: stripeFixture('payment_intent', { id: 'pi_declined' }),
          },
        },
      };
    }
    return { body: stripeFixture('payment_intent', { id: 'pi_paid', status: 'succeeded' }) };
  }
  if (route === 'POST /v1/accounts') {
    return {
      body: { id: 'acct_farm', object: 'account', type: 'express', charges_enabled: false },
    };
  }
  if (route === 'GET /v1/accounts/acct_farm') {
    return { body: { id: 'acct_farm', object: 'account', type: 'express', charges_enabled: true } };
  }
  if (route === 'POST /v1/account_links') {
    return {
      body: {
        object: 'account_link',
        url: 'https://connect.stripe.com/setup/e/acct_farm/abc',
        created: 1,
        expires_at: 2,
      },
    };
  }
  const orderSession = (fields: Record<string, unknown>) =>
    stripeFixture('checkout.session', {
      id: 'cs_order',
      mode: 'payment',
      metadata: { orderId: 'order-1' },
      payment_intent: null,
      ...fields,
    });
  if (route === 'GET /v1/checkout/sessions/cs_order') {
    return { body: orderSession({ status: 'open', payment_status: 'unpaid' }) };
  }
  if (route === 'POST /v1/checkout/sessions/cs_order/expire') {
    return { body: orderSession({ status: 'expired', payment_status: 'unpaid' }) };
  }
  if (route === 'GET /v1/checkout/sessions/cs_paid') {
    return {
      body: orderSession({
        id: 'cs_paid',
        status: 'complete',
        payment_status: 'paid',
        payment_intent: 'pi_order',
      }),
    };
  }
  if (route === 'POST /v1/refunds') {
    return { body: { id: 're_1', object: 'refund', status: 'succeeded', amount: 700 } };
  }
  return { status: 404, body: { error: { type: 'invalid_request_error', message: route } } };
}

let server: Awaited<ReturnType<typeof startStripeServer>>;
let provider: ReturnType<typeof createStripeProvider>;
beforeAll(async () => {
  server = await startStripeServer(respond);
  provider = createStripeProvider({
    secretKey: 'sk_test_furrow',
    webhookSecret: 'whsec_test',
    apiBase: server.url,
  });
});
afterAll(() => server.close());

const callTo = (path: string) => server.calls.findLast((call) => call.path === path);

describe('the Stripe provider, against a server speaking Stripe', () => {
  it('asks for a subscription checkout with the price, the trial, the customer and the return addresses', async () => {
    const session = await provider.createCheckoutSession({
      customerId: 'cus_farm',
      planId: 'basic',
      planName: 'Basic',
      billingCycle: 'annual',
      amountCents: 9000,
      trialDays: 14,
      successUrl: 'https://furrow.example/farmers/dashboard?checkout=success',
      cancelUrl: 'https://furrow.example/farmers/plans?checkout=cancelled',
      metadata: { farmerId: 'f1', farmId: 'farm1', planId: 'basic', billingCycle: 'annual' },
    });
    expect(session).toEqual({
      id: 'cs_test_1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    const form = Object.fromEntries(callTo('/v1/checkout/sessions')?.form ?? []);
    expect(form).toMatchObject({
      mode: 'subscription',
      customer: 'cus_farm',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '9000',
      'line_items[0][price_data][recurring][interval]': 'year',
      'line_items[0][price_data][product_data][name]': 'Furrow Basic',
      'subscription_data[trial_period_days]': '14',
      'subscription_data[metadata][farmerId]': 'f1',
      'subscription_data[metadata][planId]': 'basic',
      success_url: 'https://furrow.example/farmers/dashboard?checkout=success',
      cancel_url: 'https://furrow.example/farmers/plans?checkout=cancelled',
    });
  });

  it('makes a customer with the farm in its metadata', async () => {
    const id = await provider.createCustomer({
      email: 'ada@farm.test',
      name: 'Hill Farm',
      metadata: { farmId: 'farm1' },
    });
    expect(id).toBe('cus_farm');
    expect(Object.fromEntries(callTo('/v1/customers')?.form ?? [])).toMatchObject({
      email: 'ada@farm.test',
      name: 'Hill Farm',
      'metadata[farmId]': 'farm1',
    });
  });

  it('reads a subscription with its period end from its item, and cancels at period end or now', async () => {
    const subscription = await provider.retrieveSubscription('sub_1');
    expect(subscription).toMatchObject({
      id: 'sub_1',
      status: 'trial',
      customerId: 'cus_QXg1o8vcGmoR32',
      currentPeriodEnd: new Date(periodEnd * 1000),
      cancelAtPeriodEnd: false,
      card: { providerId: 'pm_card', brand: 'visa', last4: '4242' },
    });
    expect(callTo('/v1/subscriptions/sub_1')?.form.get('expand[0]')).toBe('default_payment_method');
    await provider.cancelAtPeriodEnd('sub_1');
    expect(callTo('/v1/subscriptions/sub_1')?.form.get('cancel_at_period_end')).toBe('true');
    await provider.cancelNow('sub_1');
    expect(callTo('/v1/subscriptions/sub_1')?.method).toBe('DELETE');
  });

  it('moves an upgrade to the new price at once, prorated, and names the plan in the metadata', async () => {
    await provider.changeSubscriptionPrice({
      subscriptionId: 'sub_paid',
      planId: 'pro',
      planName: 'Pro',
      billingCycle: 'annual',
      amountCents: 19000,
      when: 'now',
    });
    expect(Object.fromEntries(callTo('/v1/products')?.form ?? [])).toMatchObject({
      name: 'Furrow Pro',
      'metadata[planId]': 'pro',
    });
    const update = server.calls.findLast(
      (call) => call.method === 'POST' && call.path === '/v1/subscriptions/sub_paid',
    );
    expect(Object.fromEntries(update?.form ?? [])).toEqual({
      'items[0][id]': 'si_plan',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][unit_amount]': '19000',
      'items[0][price_data][recurring][interval]': 'year',
      'items[0][price_data][product]': 'prod_pro',
      'billing_cycle_anchor[type]': 'now',
      proration_behavior: 'always_invoice',
      'metadata[planId]': 'pro',
      'metadata[billingCycle]': 'annual',
      'metadata[nextPlanId]': '',
      'metadata[nextBillingCycle]': '',
      'metadata[nextPlanFrom]': '',
    });
  });

  it('keeps the trial on a change during it, and bills a downgrade from the next period', async () => {
    await provider.changeSubscriptionPrice({
      subscriptionId: 'sub_trial',
      planId: 'pro',
      planName: 'Pro',
      billingCycle: 'monthly',
      amountCents: 1999,
      when: 'now',
    });
    const trialUpdate = Object.fromEntries(
      server.calls.findLast(
        (call) => call.method === 'POST' && call.path === '/v1/subscriptions/sub_trial',
      )?.form ?? [],
    );
    expect(trialUpdate).toMatchObject({ proration_behavior: 'none', 'metadata[planId]': 'pro' });
    expect(trialUpdate['billing_cycle_anchor[type]']).toBeUndefined();

    await provider.changeSubscriptionPrice({
      subscriptionId: 'sub_paid',
      planId: 'starter',
      planName: 'Starter',
      billingCycle: 'monthly',
      amountCents: 599,
      when: 'period_end',
    });
    const downgrade = Object.fromEntries(
      server.calls.findLast(
        (call) => call.method === 'POST' && call.path === '/v1/subscriptions/sub_paid',
      )?.form ?? [],
    );
    expect(downgrade).toMatchObject({
      'items[0][id]': 'si_plan',
      'items[0][price_data][unit_amount]': '599',
      'items[0][price_data][recurring][interval]': 'month',
      proration_behavior: 'none',
      // The plan paid for stays in force until the period ends; then the next one is billed.
      'metadata[planId]': 'basic',
      'metadata[billingCycle]': 'monthly',
      'metadata[nextPlanId]': 'starter',
      'metadata[nextBillingCycle]': 'monthly',
      'metadata[nextPlanFrom]': String(periodEnd),
    });
    expect(downgrade['billing_cycle_anchor[type]']).toBeUndefined();
  });

  it('charges off session with an idempotency key, and reports a decline as unpaid', async () => {
    const paid = await provider.charge({
      customerId: 'cus_farm',
      paymentMethod: { providerId: 'pm_card', last4: '4242' },
      amountCents: 999,
      description: 'Furrow Basic, one month',
      idempotencyKey: 'sub-1:2027-01-01:1',
    });
    expect(paid).toMatchObject({ id: 'pi_paid', paid: true });
    const call = callTo('/v1/payment_intents');
    expect(call?.idempotencyKey).toBe('sub-1:2027-01-01:1');
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      amount: '999',
      currency: 'usd',
      customer: 'cus_farm',
      off_session: 'true',
      confirm: 'true',
    });
    const declined = await provider.charge({
      customerId: 'cus_farm',
      paymentMethod: { providerId: 'pm_declined', last4: '0002' },
      amountCents: 999,
      description: 'Furrow Basic, one month',
      idempotencyKey: 'sub-1:2027-01-01:2',
    });
    expect(declined).toMatchObject({ paid: false, failure: 'Your card was declined.' });
  });

  it('opens an Express account for the farm and an onboarding link back to the dashboard', async () => {
    const id = await provider.createConnectedAccount({
      email: 'ada@farm.test',
      farmName: 'Hill Farm',
      metadata: { farmId: 'farm1' },
    });
    expect(id).toBe('acct_farm');
    expect(Object.fromEntries(callTo('/v1/accounts')?.form ?? [])).toMatchObject({
      type: 'express',
      country: 'US',
      email: 'ada@farm.test',
      'business_profile[name]': 'Hill Farm',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[farmId]': 'farm1',
    });
    const url = await provider.createOnboardingLink({
      accountId: 'acct_farm',
      returnUrl: 'https://furrow.example/farmers/dashboard?payouts=done',
      refreshUrl: 'https://furrow.example/farmers/dashboard?payouts=again',
    });
    expect(url).toBe('https://connect.stripe.com/setup/e/acct_farm/abc');
    expect(Object.fromEntries(callTo('/v1/account_links')?.form ?? [])).toEqual({
      account: 'acct_farm',
      type: 'account_onboarding',
      return_url: 'https://furrow.example/farmers/dashboard?payouts=done',
      refresh_url: 'https://furrow.example/farmers/dashboard?payouts=again',
    });
    expect(await provider.retrieveConnectedAccount('acct_farm')).toEqual({
      id: 'acct_farm',
      chargesEnabled: true,
    });
  });

  it('asks for a payment checkout of the order, paid to the farm’s connected account', async () => {
    const expiresAt = new Date('2027-01-01T10:31:00Z');
    const session = await provider.createPaymentCheckout({
      orderId: 'order-1',
      orderNumber: 'F-10427',
      farmName: 'Hill Farm',
      accountId: 'acct_farm',
      customerEmail: 'cam@shopper.test',
      lines: [
        { name: 'Kale (bunch)', unitAmountCents: 350, quantity: 2 },
        { name: 'Delivery', unitAmountCents: 500, quantity: 1 },
      ],
      amountCents: 1200,
      expiresAt,
      successUrl: 'https://furrow.example/orders/order-1?payment=done',
      cancelUrl: 'https://furrow.example/orders/order-1?payment=cancelled',
    });
    expect(session).toEqual({ id: 'cs_order', url: 'https://checkout.stripe.com/c/pay/cs_order' });
    const call = server.calls.findLast(
      (c) => c.path === '/v1/checkout/sessions' && c.form.get('mode') === 'payment',
    );
    expect(call?.idempotencyKey).toBe('order-checkout:order-1');
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      mode: 'payment',
      client_reference_id: 'order-1',
      customer_email: 'cam@shopper.test',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '350',
      'line_items[0][price_data][product_data][name]': 'Kale (bunch)',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][currency]': 'usd',
      'line_items[1][price_data][unit_amount]': '500',
      'line_items[1][price_data][product_data][name]': 'Delivery',
      'payment_intent_data[description]': 'Order F-10427 from Hill Farm',
      'payment_intent_data[transfer_data][destination]': 'acct_farm',
      'payment_intent_data[on_behalf_of]': 'acct_farm',
      'payment_intent_data[metadata][orderId]': 'order-1',
      'payment_intent_data[metadata][orderNumber]': 'F-10427',
      'metadata[orderId]': 'order-1',
      'metadata[orderNumber]': 'F-10427',
      expires_at: String(expiresAt.getTime() / 1000),
      success_url: 'https://furrow.example/orders/order-1?payment=done',
      cancel_url: 'https://furrow.example/orders/order-1?payment=cancelled',
    });
  });

  it('expires an open checkout, reads a paid one, and refunds taking the money back from the farm', async () => {
    expect(await provider.expirePaymentCheckout('cs_order')).toEqual({
      id: 'cs_order',
      status: 'expired',
      paid: false,
      paymentIntentId: null,
      orderId: 'order-1',
    });
    expect(callTo('/v1/checkout/sessions/cs_order/expire')?.method).toBe('POST');
    expect(await provider.retrievePaymentCheckout('cs_paid')).toMatchObject({
      status: 'complete',
      paid: true,
      paymentIntentId: 'pi_order',
      orderId: 'order-1',
    });
    await provider.refundPayment({ paymentIntentId: 'pi_order', idempotencyKey: 'order-refund:1' });
    const refund = callTo('/v1/refunds');
    expect(refund?.idempotencyKey).toBe('order-refund:1');
    expect(Object.fromEntries(refund?.form ?? [])).toEqual({
      payment_intent: 'pi_order',
      reverse_transfer: 'true',
    });
  });

  it('reads a signed event into Furrow’s actions from Stripe’s current state', async () => {
    const event = (type: string, object: object) =>
      JSON.stringify({ id: `evt_${type}`, object: 'event', type, created: 1, data: { object } });
    const read = (payload: string) =>
      provider.readWebhook(payload, signLikeStripe(payload, 'whsec_test'));
    const invoice = event('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      amount_paid: 1499,
      hosted_invoice_url: 'https://invoice.stripe.com/i/in_1',
      created: 1_700_000_000,
      // Stale in the event; Stripe is asked for the subscription itself.
      parent: { subscription_details: { subscription: 'sub_paid' } },
    });
    expect(await read(invoice)).toMatchObject({
      id: 'evt_invoice.paid',
      actions: [
        {
          event: 'subscription.renewed',
          payload: { subscription: { id: 'sub_paid', status: 'active', farmerId: 'f1' } },
        },
        {
          event: 'payment.succeeded',
          payload: {
            purpose: 'plan',
            reference: 'sub_paid',
            providerId: 'in_1',
            amountCents: 1499,
            invoiceUrl: 'https://invoice.stripe.com/i/in_1',
            at: new Date(1_700_000_000_000),
          },
        },
      ],
    });
    expect(callTo('/v1/subscriptions/sub_paid')?.method).toBe('GET');

    const account = event('account.updated', { id: 'acct_farm', charges_enabled: false });
    expect((await read(account)).actions).toEqual([
      {
        event: 'payout-account.updated',
        payload: { accountId: 'acct_farm', chargesEnabled: true },
      },
    ]);
    expect((await read(event('customer.created', { id: 'cus_1' }))).actions).toEqual([]);
    await expect(provider.readWebhook(invoice, 't=1,v1=deadbeef')).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });
});
