export { deleteFarmerRecord, lockFarmer, setFarmerFeatured } from './farmer-records';
export { farmersRoutes } from './farmers.routes';
export { ensureFarmer, getFarmer } from './farmers.service';
