import { LoaderCircle } from 'lucide-react';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { loadOnce } from '../lib/load-once';

/** A screen whose code comes on first use; `preload` fetches and runs it ahead. */
export type LazyScreen = ComponentType & { preload(): Promise<void> };

/**
 * A screen whose code is fetched the first time it is shown, so that a shopper who only browses
 * never downloads the farmer, admin and account screens. The shell stays drawn while it loads.
 *
 * Once its code has run, the screen renders at once. Through `lazy` alone it would suspend on its
 * first render all the same, and React shows what replaces a fallback no sooner than 300 ms after
 * the fallback appeared: every first visit to a screen would show "Loading…" for that long.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  const code = loadOnce(load);
  const Deferred = lazy(async () => ({ default: await code.start() }));
  function Screen() {
    // Chosen once for each mount: a switch from `Deferred` to the loaded screen would remount it.
    // Both sit in the same boundary, as the page drawn ahead has it, so either hydrates it.
    const [Ready] = useState(code.loaded);
    return <Suspense fallback={<ScreenLoading />}>{Ready ? <Ready /> : <Deferred />}</Suspense>;
  }
  return Object.assign(Screen, { preload: () => code.start().then(() => undefined) });
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
