export { categoriesRoutes } from './categories.routes';
