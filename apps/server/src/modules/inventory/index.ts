export { adjustStock, setInitialStock } from './farmer-stock';
export { type OrderLine, putBackStock, takeStock } from './order-stock';
export {
  offerStock,
  type ProductsChanged,
  productsChanged,
  type StockAdded,
  stockAdded,
} from './stock-events';
export { stockHistory } from './stock-ledger';
export { stockRefusal } from './stock-limits';
