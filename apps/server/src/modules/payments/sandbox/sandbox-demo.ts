import { randomBytes } from 'node:crypto';
import type { Executor } from '../../../db/transaction';
import { databaseSandboxStore } from './sandbox-store';

const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/**
 * For the demo data: a farm's payouts account, opened and onboarded in the sandbox, as if the farmer
 * had clicked through it. Answers the account's id.
 */
export async function seedSandboxAccount(
  executor: Executor,
  farm: { id: string; farmerId: string; name: string; email: string },
): Promise<string> {
  const id = sandboxId('acct');
  await databaseSandboxStore(executor).put(id, 'account', {
    id,
    object: 'account',
    type: 'express',
    email: farm.email,
    business_profile: { name: farm.name },
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    metadata: { farmId: farm.id, farmerId: farm.farmerId },
  });
  return id;
}

/**
 * For the demo data: an order paid in full in the sandbox, to its farm's account, so that
 * cancelling it refunds it like any other. Answers the checkout's and the payment's ids.
 */
export async function seedSandboxPayment(
  executor: Executor,
  payment: { accountId: string; orderId: string; orderNumber: string; amountCents: number },
): Promise<{ sessionId: string; paymentIntentId: string }> {
  const store = databaseSandboxStore(executor);
  const paymentIntentId = sandboxId('pi');
  const sessionId = sandboxId('cs');
  const metadata = { orderId: payment.orderId, orderNumber: payment.orderNumber };
  await store.put(paymentIntentId, 'payment_intent', {
    id: paymentIntentId,
    object: 'payment_intent',
    amount: payment.amountCents,
    amount_received: payment.amountCents,
    currency: 'usd',
    status: 'succeeded',
    transfer_data: { destination: payment.accountId },
    metadata,
  });
  await store.put(sessionId, 'checkout_session', {
    id: sessionId,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    payment_intent: paymentIntentId,
    amount_total: payment.amountCents,
    currency: 'usd',
    metadata,
  });
  return { sessionId, paymentIntentId };
}
