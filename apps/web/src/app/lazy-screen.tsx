import { LoaderCircle } from 'lucide-react';
import { type ComponentType, lazy, Suspense } from 'react';
import { cn } from '../lib/cn';

/**
 * A screen whose code is fetched the first time it is shown, so that a shopper who only browses
 * never downloads the farmer, admin and account screens. The shell stays drawn while it loads.
 * `fillsScreen`: the screen is always at least a screen tall, and so is its loading state, so that
 * the footer does not show under it and then jump down.
 */
export function lazyScreen(
  load: () => Promise<ComponentType>,
  { fillsScreen = false } = {},
): ComponentType {
  const Screen = lazy(async () => ({ default: await load() }));
  return function LazyScreen() {
    return (
      <Suspense fallback={<ScreenLoading fillsScreen={fillsScreen} />}>
        <Screen />
      </Suspense>
    );
  };
}

function ScreenLoading({ fillsScreen }: { fillsScreen: boolean }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-center justify-center gap-2 text-ink-muted',
        fillsScreen ? 'min-h-dvh' : 'min-h-64',
      )}
    >
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      Loading…
    </div>
  );
}
