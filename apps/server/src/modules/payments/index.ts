export {
  type PaymentPayload,
  type PayoutAccountPayload,
  paymentFailed,
  paymentRefunded,
  paymentSucceeded,
  payoutAccountUpdated,
  type SubscriptionPayload,
  subscriptionCancelled,
  subscriptionPastDue,
  subscriptionRenewed,
} from './payment-events';
export type {
  ChargeRequest,
  ChargeResult,
  CheckoutRequest,
  ConnectedAccount,
  PaymentCheckoutRequest,
  PaymentProvider,
  PlanChangeRequest,
  ProviderPayment,
  ProviderPaymentCheckout,
  ProviderSubscription,
} from './payment-provider';
export { createPaymentProvider } from './provider-from-config';
export {
  type Reconciler,
  registerReconcileJob,
  scheduleReconciliation,
} from './reconcile.job';
export { registerSandboxPages } from './sandbox/sandbox-checkout.routes';
export { seedSandboxAccount, seedSandboxPayment } from './sandbox/sandbox-demo';
export { createSandboxProvider } from './sandbox/sandbox-provider';
export { databaseSandboxStore } from './sandbox/sandbox-store';
export { signLikeStripe } from './stripe/stripe-webhooks';
export { webhookRoutes } from './webhook.routes';
