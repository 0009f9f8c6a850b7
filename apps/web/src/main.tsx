import './lib/zod-settings';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { preloadOnIntent } from './app/preload-on-intent';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadScreen } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

/** React shows a screen that replaces its "Loading…" no sooner than this after the fallback came. */
const SCREEN_WAIT_MS = 300;

const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// A page the build drew ahead (prerender.tsx) is taken over as it is when it fits the visitor;
// when it does not, it is hidden (first-paint-script.ts) and replaced by the app's first render.
const prerender = document.documentElement.dataset.prerender;
if (prerender === 'fits') {
  // In a transition React hydrates in slices that yield to the browser between them; otherwise the
  // whole page is hydrated in one task, the longest of the landing page's load. Started in a task of
  // its own: evaluating the scripts is a long task already, and React's listeners, set up this
  // early, would be handed the page's load events within it.
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else {
  // The first render waits for the screen's code (a page the build made for the route fetches it
  // beside the app's own) so that it draws the screen, not "Loading…" then the screen at least
  // 300 ms later. It waits no longer than that: a screen still on its way shows "Loading…" as before.
  const screenReady = preloadScreen(location.pathname).catch(() => {
    // The screen's own render meets the failure again, and its error boundary shows it.
  });
  const waitAtMost = new Promise((resolve) => setTimeout(resolve, SCREEN_WAIT_MS));
  void Promise.race([screenReady, waitAtMost]).then(() => {
    const root = createRoot(container);
    if (prerender === 'replace') {
      flushSync(() => root.render(app));
      delete document.documentElement.dataset.prerender;
    } else {
      root.render(app);
    }
  });
}

preloadOnIntent(document, preloadScreen);
