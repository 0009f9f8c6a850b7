// The build draws the pages a first visit most often opens (`prerender.mjs`), so that they paint
// before any JavaScript has run; `main.tsx` then takes them over. Rendered as a guest with nothing
// stored, which is what `first-paint.ts` checks for in the browser.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

export function renderPage(url: string): string {
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
}
