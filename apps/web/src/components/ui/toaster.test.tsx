import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastAction } from './toast';
import { Toaster } from './toaster';
import {
  TOAST_DURATION,
  TOAST_REMOVE_DELAY,
  type ToastInput,
  ToastStoreProvider,
  useToast,
} from './use-toast';

function WithToaster({ children }: { children: ReactNode }) {
  return (
    <ToastStoreProvider>
      {children}
      <Toaster />
    </ToastStoreProvider>
  );
}

/** Renders the toaster and hands back a way to show a toast through the store. */
function renderToaster() {
  const { result } = renderHook(() => useToast(), { wrapper: WithToaster });
  return {
    show: (input: ToastInput) => act(() => void result.current.toast(input)),
    // Radix also renders a short-lived copy for screen readers; the viewport holds the real toasts.
    viewport: () => within(screen.getByRole('region', { name: 'Notifications (F8)' })),
  };
}

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a title and a description', () => {
    const { show, viewport } = renderToaster();
    show({ title: 'Added to cart', description: 'Heirloom tomatoes' });
    expect(viewport().getByText('Added to cart')).toBeVisible();
    expect(viewport().getByText('Heirloom tomatoes')).toBeVisible();
    expect(viewport().getByRole('listitem')).toHaveAttribute('data-swipe-direction', 'right');
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    const { show, viewport } = renderToaster();
    show({ title: 'First' });
    show({ title: 'Second' });
    expect(viewport().queryByText('First')).not.toBeInTheDocument();
    expect(viewport().getAllByRole('listitem')).toHaveLength(1);
    expect(viewport().getByText('Second')).toBeInTheDocument();
  });

  it('shows a toast for 5 seconds', () => {
    const { show, viewport } = renderToaster();
    show({ title: 'Saved' });
    act(() => vi.advanceTimersByTime(TOAST_DURATION - 1));
    expect(viewport().getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(viewport().queryByText('Saved')).not.toBeInTheDocument();
    expect(TOAST_DURATION).toBe(5_000);
  });

  it('gives the destructive variant its own look', () => {
    const { show, viewport } = renderToaster();
    show({ title: 'Saved' });
    const normal = viewport().getByRole('listitem');
    expect(normal).toHaveAttribute('data-variant', 'default');
    expect(normal).not.toHaveClass('bg-danger-soft');

    show({ title: 'Insufficient stock', variant: 'destructive' });
    const destructive = viewport().getByRole('listitem');
    expect(destructive).toHaveAttribute('data-variant', 'destructive');
    expect(destructive).toHaveClass('bg-danger-soft', 'text-danger');
  });
});

// Real timers here: Testing Library's async wrapper waits on a timeout that fake timers would hold.
describe('Toaster controls', () => {
  it('renders an action that runs when clicked', async () => {
    const user = userEvent.setup();
    const undo = vi.fn();
    const { show, viewport } = renderToaster();
    show({
      title: 'Product deleted',
      action: (
        <ToastAction altText="Undo the deletion" onClick={undo}>
          Undo
        </ToastAction>
      ),
    });
    await user.click(viewport().getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledOnce();
  });

  it('closes with the close button', async () => {
    const user = userEvent.setup();
    const { show, viewport } = renderToaster();
    show({ title: 'Saved' });
    await user.click(viewport().getByRole('button', { name: 'Close' }));
    expect(viewport().queryByText('Saved')).not.toBeInTheDocument();
  });
});

describe('useToast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops a dismissed toast from its list 1,000,000 ms later, not before', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast(), { wrapper: ToastStoreProvider });
    act(() => result.current.toast({ title: 'Saved' }).dismiss());
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(result.current.toasts).toMatchObject([{ title: 'Saved', open: false }]);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toEqual([]);
  });

  it('throws an error naming the provider it needs when used outside it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useToast())).toThrow(
      /useToast must be used within <ToastStoreProvider>/,
    );
  });
});
