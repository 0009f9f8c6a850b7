import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const MAIN_ID = 'main';

/** The frame around every page: skip link, header, the page itself, footer and the toast area. */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only rounded-lg bg-leaf px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* Focusable so the skip link moves keyboard focus, not just the scroll position. */}
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        {/* A boundary of its own: taking over a prerendered page, React makes the shell live at
            once and the page's content in short slices after it, keeping the main thread free. */}
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <LazyToaster />
      <ScrollToTop />
    </div>
  );
}
