export { browseRoutes } from './browse.routes';
export { farmPageRoutes } from './farm-page.routes';
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
