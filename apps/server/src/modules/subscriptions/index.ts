export { API_CALLS_FLUSH_MS, type ApiCallCounter, createApiCallCounter } from './api-call-counter';
export { checkoutRoutes } from './checkout.routes';
export { farmersSelling } from './farmers-selling';
export { applyPlanLimit, assertRoomForBytes, assertRoomForProduct } from './plan-limits';
export { plansRoutes } from './plans.routes';
export {
  providerCancelReconciler,
  queueProviderCancellations,
  registerProviderCancellationJobs,
} from './provider-cancellation.job';
export {
  followProviderSubscription,
  onPlanPaymentFailed,
  onPlanPaymentSucceeded,
} from './provider-sync';
export { queueMissingCharges, registerRenewalJob } from './renewal.job';
export { subscriptionsRoutes } from './subscriptions.routes';
