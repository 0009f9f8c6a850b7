/**
 * Fetches a screen's code as soon as a visitor shows they may open it: a pointer over a link, a tap
 * starting on it, or keyboard focus on it. The click then comes a tenth of a second or more later,
 * and the screen draws at once rather than behind "Loading…". One listener of each kind serves every
 * link the app draws, now and later.
 */
export function preloadOnIntent(
  root: Document,
  preload: (pathname: string) => Promise<void>,
): () => void {
  const asked = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || !opensInApp(link, root)) return;
    const { pathname } = new URL(link.href);
    if (asked.has(pathname)) return;
    asked.add(pathname);
    // A failed fetch leaves the screen to fetch its code again when it is opened, and to say so.
    preload(pathname).catch(() => asked.delete(pathname));
  };
  const kinds = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const kind of kinds) root.addEventListener(kind, onIntent, { passive: true });
  return () => {
    for (const kind of kinds) root.removeEventListener(kind, onIntent);
  };
}

/** A link the app's router follows: this origin, this window, not a file to save. */
function opensInApp(link: HTMLAnchorElement, root: Document): boolean {
  return (
    link.origin === root.location.origin &&
    (link.target === '' || link.target === '_self') &&
    !link.hasAttribute('download') &&
    !link.pathname.startsWith('/api/')
  );
}
