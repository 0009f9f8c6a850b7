export {
  deleteFarmerRecord,
  lockFarmer,
  nameFarmerAfterFirstFarm,
  setFarmerFeatured,
} from './farmer-records';
export { farmersRoutes } from './farmers.routes';
export { ensureFarmer, getFarmer } from './farmers.service';
