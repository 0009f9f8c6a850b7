import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './use-toast';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps only the newest toast: one shows at a time (product rules: messages and e-mails)', () => {
    const store = createToastStore();
    store.toast({ title: 'First' });
    store.toast({ title: 'Second' });
    expect(TOAST_LIMIT).toBe(1);
    expect(store.getToasts().map((toast) => toast.title)).toEqual(['Second']);
  });

  it('closes a dismissed toast at once and removes it 1,000,000 ms later, not before', () => {
    const store = createToastStore();
    const { dismiss } = store.toast({ title: 'Saved' });
    dismiss();
    expect(store.getToasts()).toMatchObject([{ title: 'Saved', open: false }]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toEqual([]);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('dismisses through Radix closing the toast (timeout, swipe, close button)', () => {
    const store = createToastStore();
    store.toast({ title: 'Saved' });
    store.getToasts()[0]?.onOpenChange(false);
    expect(store.getToasts()[0]?.open).toBe(false);
  });

  it('dismisses every toast when no id is given', () => {
    const store = createToastStore();
    store.toast({ title: 'Saved' });
    store.dismiss();
    expect(store.getToasts().every((toast) => !toast.open)).toBe(true);
  });

  it('updates a toast in place', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'Uploading photo' });
    handle.update({ title: 'Photo uploaded', variant: 'default' });
    expect(store.getToasts()).toMatchObject([
      { id: handle.id, title: 'Photo uploaded', open: true },
    ]);
  });

  it('tells subscribers about every change, until they unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.toast({ title: 'One' });
    unsubscribe();
    store.toast({ title: 'Two' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not share toasts between stores', () => {
    createToastStore().toast({ title: 'Elsewhere' });
    expect(createToastStore().getToasts()).toEqual([]);
  });
});
