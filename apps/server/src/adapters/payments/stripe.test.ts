import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeCall, startStripeServer, stripeFixture } from '../../testing/stripe-server';
import { createStripeProvider } from './stripe';

const periodEnd = 1_800_000_000;

function respond(call: StripeCall) {
  const route = `${call.method} ${call.path}`;
  if (route === 'POST /v1/customers')
    return { body: stripeFixture('customer', { id: 'cus_farm' }) };
  if (route === 'POST /v1/checkout/sessions') {
    return {
      body: stripeFixture('checkout.session', {
        id: 'cs_test_1',
        mode: 'subscription',
        url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      }),
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
      status: 'trialing',
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
});
