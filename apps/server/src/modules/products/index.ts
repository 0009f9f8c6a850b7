export { forgetFarms } from './nearby-farms-index';
export { harvestMoved } from './product-events';
export { forgetFarmProducts, isFilling } from './shown-products-index';
