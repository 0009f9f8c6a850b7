import { LoaderCircle } from 'lucide-react';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A screen whose code is fetched the first time it is shown, so that a shopper who only browses
 * never downloads the farmer, admin and account screens. The shell stays drawn while it loads.
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(async () => ({ default: await load() }));
  return function LazyScreen() {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    );
  };
}

// As tall as the window: the footer stays below it while the screen loads, rather than showing and
// then being pushed out of view, which would count as the page moving.
function ScreenLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center gap-2 text-ink-muted">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      Loading…
    </div>
  );
}
