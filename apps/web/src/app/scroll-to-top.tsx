import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A link to another page starts at its top, as a page load would; going back or forward leaves the
 * scroll position to the browser, which restores it.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new page (its path) starts at the top
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
