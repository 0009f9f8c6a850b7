import {
  createContext,
  createElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * Only one toast shows at a time; a new one replaces the old (product rules: messages and e-mails).
 */
export const TOAST_LIMIT = 1;
/** A dismissed toast stays in the store this long before it is removed. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast shows, in ms; given to Radix Toast's provider by the toaster. */
export const TOAST_DURATION = 5_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  /** A `ToastAction` (toast-action.tsx), drawn beside the words. */
  action?: ReactElement;
  variant?: ToastVariant;
}

export interface ToasterToast extends ToastInput {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (input: ToastInput) => void;
}

export interface ToastStore {
  getToasts: () => ToasterToast[];
  subscribe: (listener: () => void) => () => void;
  toast: (input: ToastInput) => ToastHandle;
  /** Closes one toast, or every toast when no id is given. */
  dismiss: (id?: string) => void;
}

/**
 * The toast list, after shadcn/ui's use-toast. Dismissing only closes a toast (so Radix can play its
 * exit); removal from the list follows TOAST_REMOVE_DELAY later. One store per provider keeps
 * tests and separate app roots from sharing toasts.
 */
export function createToastStore(): ToastStore {
  let toasts: ToasterToast[] = [];
  let lastId = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function setToasts(next: ToasterToast[]) {
    toasts = next;
    for (const listener of listeners) listener();
  }

  function scheduleRemoval(id: string) {
    if (removalTimers.has(id)) return;
    const timer = setTimeout(() => {
      removalTimers.delete(id);
      setToasts(toasts.filter((toast) => toast.id !== id));
    }, TOAST_REMOVE_DELAY);
    removalTimers.set(id, timer);
  }

  function cancelRemoval(id: string) {
    clearTimeout(removalTimers.get(id));
    removalTimers.delete(id);
  }

  function dismiss(id?: string) {
    const closes = (toast: ToasterToast) => id === undefined || toast.id === id;
    for (const toast of toasts) if (closes(toast)) scheduleRemoval(toast.id);
    setToasts(toasts.map((toast) => (closes(toast) ? { ...toast, open: false } : toast)));
  }

  function update(id: string, input: ToastInput) {
    setToasts(toasts.map((toast) => (toast.id === id ? { ...toast, ...input } : toast)));
  }

  function toast(input: ToastInput): ToastHandle {
    lastId += 1;
    const id = String(lastId);
    const created: ToasterToast = {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss(id);
      },
    };
    const kept = [created, ...toasts].slice(0, TOAST_LIMIT);
    // Toasts pushed out by the limit are gone at once, so their pending removal has nothing to do.
    for (const old of toasts) if (!kept.includes(old)) cancelRemoval(old.id);
    setToasts(kept);
    return { id, dismiss: () => dismiss(id), update: (next) => update(id, next) };
  }

  return {
    getToasts: () => toasts,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toast,
    dismiss,
  };
}

const ToastStoreContext = createContext<ToastStore | null>(null);

export function ToastStoreProvider({ children }: { children: ReactNode }): ReactElement {
  const [store] = useState(createToastStore);
  return createElement(ToastStoreContext, { value: store }, children);
}

function useToastStore(): ToastStore {
  const store = useContext(ToastStoreContext);
  if (!store) {
    throw new Error(
      'useToast must be used within <ToastStoreProvider> (see src/app/providers.tsx)',
    );
  }
  return store;
}

/** The current toasts, and `toast()` / `dismiss()` to change them. */
export function useToast() {
  const store = useToastStore();
  // No toast shows in a prerendered page (prerender.tsx).
  const toasts = useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
  return { toasts, toast: store.toast, dismiss: store.dismiss };
}
