export { countFarmerEvents, deleteFarmerEvents } from './event-records';
export { eventsRoutes } from './events.routes';
