export { geoRoutes } from './geo.routes';
export { findCity, findZip } from './geo.service';
