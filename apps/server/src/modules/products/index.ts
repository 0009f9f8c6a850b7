export { forgetFarms } from './nearby-farms-index';
export { harvestMoved } from './product-events';
export { forgetFarmProducts } from './shown-products-index';
