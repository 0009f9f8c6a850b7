/**
 * The API requests a farm's page makes before it can show, for the page at `pathname`: the farm's
 * own answer (which carries its farmer and first products) and its events. `farm-page-script.ts`
 * starts them from the page's head; the farm screen then asks for exactly these addresses, and the
 * browser answers it from the requests already under way (a test holds the two together).
 */
export function farmPageRequests(pathname: string): string[] {
  const id = /^\/farms\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i.exec(
    pathname,
  )?.[1];
  return id ? [`/api/farms/${id}`, `/api/farms/${id}/events`] : [];
}

/**
 * Starts the farm page's requests as `<link rel="preload" as="fetch">`, for a visitor who is not
 * signed in. A preload cannot carry the bearer token, and Chromium hands a preloaded answer to a
 * later `fetch` of the same address whatever its headers: a signed-in owner would be shown the
 * guest's page (no hidden products) and be counted as a visitor. So signed-in visitors ask as before.
 */
export function preloadFarmPage(document: Document, pathname: string, token: string | null): void {
  if (token !== null) return;
  for (const path of farmPageRequests(pathname)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    // `fetch` asks in CORS mode; a preload without it would not be the same request.
    link.crossOrigin = 'anonymous';
    link.href = path;
    document.head.append(link);
  }
}
