// Runs in the head of a farm's page (`prerender.mjs` writes it as `pages/farms/[id]/index.html`):
// the page's data is asked for while the app's scripts load, instead of after they have run, and
// the page drawn ahead (the header over the page's skeleton) stays hidden (styles.css) when it is
// not what the app draws for this visitor, until the app has drawn the right one.
import { preloadFarmPage } from './farm-page-requests';
import { shellFits } from './first-paint';
import { readToken } from './lib/api-client';

const token = readToken();
document.documentElement.dataset.prerender = shellFits(token) ? 'fits' : 'replace';
preloadFarmPage(document, location.pathname, token);
