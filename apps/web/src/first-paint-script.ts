// Runs in the head of a prerendered page, before its first paint: a page that does not fit the
// visitor stays hidden (styles.css) until the app has drawn the right one, so it never jumps.
import { prerenderFits } from './first-paint';

document.documentElement.dataset.prerender = prerenderFits(location.pathname, location.search)
  ? 'fits'
  : 'replace';
