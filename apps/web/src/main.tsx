import './styles.css';
import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

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
} else if (prerender === 'replace') {
  const root = createRoot(container);
  flushSync(() => root.render(app));
  delete document.documentElement.dataset.prerender;
} else {
  createRoot(container).render(app);
}
