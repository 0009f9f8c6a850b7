export { countOrder, uncountOrder } from './analytics.service';
