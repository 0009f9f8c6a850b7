export { adjustStock, setInitialStock } from './farmer-stock';
export { putBackStock, takeStock } from './order-stock';
export {
  offerStock,
  type ProductsChanged,
  productsChanged,
  stockAdded,
} from './stock-events';
export { stockHistory } from './stock-ledger';
export { stockRefusal } from './stock-limits';
