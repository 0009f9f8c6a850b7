export { farmersRoutes } from './farmers.routes';
export { ensureFarmer, getFarmer } from './farmers.service';
