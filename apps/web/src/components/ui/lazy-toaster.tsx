import { lazy, Suspense } from 'react';
import { useToast } from './use-toast';

// Radix Toast and its helpers are fetched with the first toast, not before the first screen.
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** The toast area, drawn once there is a toast to show; Radix Toast announces each one itself. */
export function LazyToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense>
      <Toaster />
    </Suspense>
  );
}
