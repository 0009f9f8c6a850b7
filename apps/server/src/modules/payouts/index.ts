export { payoutsRoutes } from './payouts.routes';
export { onPayoutAccountUpdated, type PayoutsDeps } from './payouts.service';
