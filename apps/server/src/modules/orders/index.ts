export { orderCancelled, orderPaid, orderPlaced } from './order-events';
