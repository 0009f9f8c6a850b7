export {
  fillOnHarvestMoved,
  fillOnStockAdded,
  fillPreordersHandler,
  fillPreordersJob,
} from './preorder-fill';
