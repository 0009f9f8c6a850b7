// The tables that moved into their modules, read from here until every importer asks the owner.
export { jobs } from '../jobs/jobs.schema';
export { farmDailyStats } from '../modules/analytics/analytics.schema';
export { areaAlerts } from '../modules/area-alerts/area-alerts.schema';
export { auditLog } from '../modules/audit/audit.schema';
export { oneTimeSecrets } from '../modules/auth/auth.schema';
export { events } from '../modules/events/events.schema';
export { farmers } from '../modules/farmers/farmers.schema';
export { farms, pickupWindows } from '../modules/farms/farms.schema';
export {
  checkoutRequests,
  orderItems,
  orderNumbers,
  orderStatusHistory,
  orders,
} from '../modules/orders/orders.schema';
export { processedWebhookEvents, sandboxRecords } from '../modules/payments/payments.schema';
export { preorders } from '../modules/preorders/preorders.schema';
export { products } from '../modules/products/products.schema';
export {
  billingRecords,
  paymentMethods,
  subscriptions,
} from '../modules/subscriptions/subscriptions.schema';
export { customerProfiles, users } from '../modules/users/users.schema';
