export { areaAlertsRoutes } from './area-alerts.routes';
export { tellSignUpsNear } from './area-alerts.service';
