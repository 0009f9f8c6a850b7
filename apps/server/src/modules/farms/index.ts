export { earthPoint, farmDistanceMetres, farmEarthPoint, type Point } from './farm-distance';
export { farmOpened, farmsChanged } from './farm-events';
export { deleteFarmerFarms, lockFarm, lockFarmerFarms, setFarmStanding } from './farm-records';
export { farmsRoutes } from './farms.routes';
export { getFarm } from './farms.service';
export { pickupSlotsRoutes } from './pickup-slots.routes';
export { loadPickupWindows, ordersInSlot } from './pickup-windows.service';
