export { seedDemoPreorders } from './demo-preorders';
export {
  fillOnHarvestMoved,
  fillOnStockAdded,
  fillPreordersHandler,
  fillPreordersJob,
} from './preorder-fill';
export { preordersRoutes } from './preorders.routes';
