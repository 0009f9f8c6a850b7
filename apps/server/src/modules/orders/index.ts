export {
  cardPaymentReconciler,
  onPaymentRefunded,
  onPaymentSucceeded,
  registerCardPaymentJobs,
} from './card-payments';
export { seedDemoOrders } from './demo-orders';
export { nextOpenSlot } from './fulfilment';
export { orderCancelled, orderPaid, orderPlaced } from './order-events';
export { queueOrderMail, registerOrderMailJobs } from './order-mails';
export { insertOrder } from './order-records';
export { ordersRoutes } from './orders.routes';
export { pickListRoutes } from './pick-list.routes';
