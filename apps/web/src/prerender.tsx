// The build draws the pages a first visit most often opens (`prerender.mjs`), so that they paint
// before any JavaScript has run; `main.tsx` then takes them over. Rendered as a guest with nothing
// stored, which is what `first-paint.ts` checks for in the browser.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

function page(url: string) {
  return (
    <StrictMode>
      <AppProviders>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
}

export function renderPage(url: string): string {
  return renderToString(page(url));
}

/**
 * A page whose screen is a lazy chunk, drawn once that chunk has loaded: `renderToString` draws
 * what shows while it loads instead. The screen's own data is not asked for (queries do not run
 * here), so it is drawn in its loading state: the skeleton the visitor sees until the data comes.
 */
export async function renderLoadedPage(url: string): Promise<string> {
  const { prelude } = await prerender(page(url));
  return new Response(prelude).text();
}
