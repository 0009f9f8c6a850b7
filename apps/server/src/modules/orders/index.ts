export {
  cardPaymentReconciler,
  onPaymentRefunded,
  onPaymentSucceeded,
  registerCardPaymentJobs,
} from './card-payments';
export { seedDemoOrders } from './demo-orders';
export { orderCancelled, orderPaid, orderPlaced } from './order-events';
