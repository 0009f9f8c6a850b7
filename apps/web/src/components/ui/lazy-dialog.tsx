import { LoaderCircle } from 'lucide-react';
import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from 'react';
import { loadOnce } from '../../lib/load-once';
import { Button } from './button';

interface DialogProps {
  onOpenChange: (open: boolean) => void;
}

/** A dialog whose code comes on first use; `preload` fetches it ahead. */
export type LazyDialog<P extends DialogProps> = ComponentType<P> & { preload(): void };

/**
 * A dialog whose code (its form, the form library, the schemas it checks against) comes after the
 * page that offers it has drawn: fetched and run once the browser is idle, or when someone comes to
 * its button (`preloadsOnIntent`), or as it opens, whichever is first. So the page's first screen
 * neither waits for it nor runs it, and it usually opens as fast as if it had come with the page.
 * Until it first opens it renders nothing; from then on it stays mounted like any dialog, open or
 * closed, so that it keeps its state and animations. `isOpen` says, from its props, whether it is
 * asked to be open.
 */
export function lazyDialog<P extends DialogProps>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): LazyDialog<P> {
  const code = loadOnce(load);
  // Ahead of opening, a failed fetch is no one's concern: opening fetches again, and says so.
  const preload = () => void code.start().catch(() => undefined);
  // The dialog itself once its code has come: through `lazy` it would suspend on its first render
  // all the same, and React shows what replaces a fallback no sooner than 300 ms after it appeared.
  // Else a new `lazy` (React keeps a failed one's error for good, so each attempt has its own).
  const renderer = () => code.loaded() ?? lazy(async () => ({ default: await code.start() }));
  function Dialog(props: P) {
    // Chosen as it first opens, and kept: a switch from the lazy one to the loaded one would
    // remount it and lose what was typed.
    const [Shown, setShown] = useState<ComponentType<P> | null>(null);
    const [attempt, setAttempt] = useState(0);
    useEffect(() => whenIdle(preload), []);
    if (isOpen(props) && Shown === null) setShown(renderer);
    if (Shown === null) return null;
    return (
      <LoadFailure
        key={attempt}
        onRetry={() => {
          setAttempt((count) => count + 1);
          setShown(renderer);
        }}
        onClose={() => {
          setShown(null);
          props.onOpenChange(false);
        }}
      >
        <Suspense fallback={<DialogOpening />}>
          <Shown {...props} />
        </Suspense>
      </LoadFailure>
    );
  }
  return Object.assign(Dialog, { preload });
}

/** Runs `task` when the browser next has nothing to do; gives back a way to call it off. */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(task, { timeout: 5_000 });
    return () => cancelIdleCallback(id);
  }
  // Safari has no idle callback: a couple of seconds is after a page's first screen has drawn.
  const id = setTimeout(task, 2_000);
  return () => clearTimeout(id);
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
