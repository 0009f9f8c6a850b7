export { farmsChanged } from './farm-events';
export { farmsRoutes } from './farms.routes';
export { pickupSlotsRoutes } from './pickup-slots.routes';
export { loadPickupWindows, ordersInSlot } from './pickup-windows.service';
