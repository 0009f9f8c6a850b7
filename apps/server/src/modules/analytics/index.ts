export { analyticsRoutes } from './analytics.routes';
export {
  countOrder,
  farmDailyStatsSeries,
  farmerAnalyticsTotals,
  uncountOrder,
} from './analytics.service';
export { createViewCounter, VIEWS_FLUSH_MS, type ViewCounter } from './view-counter';
