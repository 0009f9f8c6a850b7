export { browseRoutes } from './browse.routes';
export { farmProductPage, seesHiddenProducts } from './farm-products';
export { forgetFarms, listenForFarmChanges } from './nearby-farms-index';
export { harvestMoved } from './product-events';
export { productsRoutes } from './products.routes';
export {
  fillFarmProducts,
  forgetFarmProducts,
  holdShownProducts,
  isFilling,
  listenForProductChanges,
} from './shown-products-index';
