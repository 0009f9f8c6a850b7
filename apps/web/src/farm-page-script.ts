// Runs in the head of a farm's page (`prerender.mjs` writes it as `pages/farms/[id]/index.html`):
// the page's data is asked for while the app's scripts load, instead of after they have run.
import { preloadFarmPage } from './farm-page-requests';
import { readToken } from './lib/api-client';

preloadFarmPage(document, location.pathname, readToken());
