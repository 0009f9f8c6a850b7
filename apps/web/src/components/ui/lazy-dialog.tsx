import { LoaderCircle } from 'lucide-react';
import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useMemo,
  useState,
} from 'react';
import { Button } from './button';

interface DialogProps {
  onOpenChange: (open: boolean) => void;
}

/** A dialog whose code comes on first use; `preload` fetches it ahead. */
export type LazyDialog<P extends DialogProps> = ComponentType<P> & { preload(): void };

/**
 * A dialog whose code (its form, the form library, the schemas it checks against) is fetched the
 * first time it opens, so that the page that offers it draws without it. Until then it renders
 * nothing; from then on it stays mounted like any dialog, open or closed, so that it keeps its
 * state and animations. `isOpen` says, from its props, whether it is asked to be open.
 *
 * Call `preload` when someone is about to open it (a pointer over its button, a tap starting on
 * it): the code is usually there by the click.
 */
export function lazyDialog<P extends DialogProps>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): LazyDialog<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    loading ??= load().catch((error: unknown) => {
      // Offline for a moment: the next attempt fetches it again.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  function Dialog(props: P) {
    const [wanted, setWanted] = useState(false);
    const [attempt, setAttempt] = useState(0);
    // A new `lazy` for each attempt: React keeps a failed one's error for good.
    // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what makes it new
    const Deferred = useMemo(() => lazy(async () => ({ default: await start() })), [attempt]);
    const open = isOpen(props);
    if (open && !wanted) setWanted(true);
    if (!wanted && !open) return null;
    return (
      <LoadFailure
        key={attempt}
        onRetry={() => setAttempt((count) => count + 1)}
        onClose={() => {
          setWanted(false);
          setAttempt((count) => count + 1);
          props.onOpenChange(false);
        }}
      >
        <Suspense fallback={<DialogOpening />}>
          <Deferred {...props} />
        </Suspense>
      </LoadFailure>
    );
  }
  return Object.assign(Dialog, {
    preload: () => {
      start().catch(() => undefined);
    },
  });
}

/** Where the dialog will be, while its code comes: the page is dimmed and says what it is doing. */
function DialogOpening() {
  return (
    <Veil>
      <div role="status" className="flex items-center gap-2">
        <LoaderCircle aria-hidden className="size-5 animate-spin" />
        Opening…
      </div>
    </Veil>
  );
}

function Veil({ children }: { children: ReactNode }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-ink/50 p-4">
      <div className="grid max-w-sm gap-4 rounded-2xl bg-surface px-6 py-4 text-ink shadow-xl">
        {children}
      </div>
    </div>
  );
}

interface LoadFailureProps {
  onRetry: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The dialog's code could not be fetched: says so, and lets the person try again or give up. */
class LoadFailure extends Component<LoadFailureProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Veil>
        <p role="alert">This could not be opened: the connection may have dropped.</p>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={this.props.onClose}>
            Close
          </Button>
          <Button onClick={this.props.onRetry}>Try again</Button>
        </div>
      </Veil>
    );
  }
}

/**
 * Handlers for a button that opens `dialog`: its code is fetched as the person comes to the button
 * (a pointer over it, a tap starting, focus), ahead of the click.
 */
export function preloadsOnIntent(dialog: { preload(): void }) {
  return { onPointerEnter: dialog.preload, onTouchStart: dialog.preload, onFocus: dialog.preload };
}
