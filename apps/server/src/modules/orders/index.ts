export {
  cardPaymentReconciler,
  onPaymentRefunded,
  onPaymentSucceeded,
  registerCardPaymentJobs,
} from './card-payments';
export { orderCancelled, orderPaid, orderPlaced } from './order-events';
