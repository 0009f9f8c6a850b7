export { farmsChanged } from './farm-events';
