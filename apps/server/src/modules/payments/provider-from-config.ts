import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox/sandbox-provider';
import { databaseSandboxStore } from './sandbox/sandbox-store';
import { createStripeProvider } from './stripe/stripe-provider';

/**
 * Stripe when a key is set; otherwise the sandbox, so that `npm start` runs the whole payment flow
 * offline. Without a configured secret the sandbox signs its events with one derived from
 * JWT_SECRET, which every process on the database shares.
 */
export function createPaymentProvider(config: Config, db: Db, clock: () => Date): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiBase: config.STRIPE_API_BASE,
    });
  }
  const webhookSecret =
    config.STRIPE_WEBHOOK_SECRET ??
    `whsec_${createHmac('sha256', config.JWT_SECRET).update('sandbox webhooks').digest('hex')}`;
  return createSandboxProvider({
    store: databaseSandboxStore(db),
    webhookSecret,
    publicUrl: config.PUBLIC_URL,
    clock,
  });
}
