import { lazy } from 'react';

/**
 * A toast's action button. It is drawn inside the toast area, which loads Radix Toast with the
 * first toast, so a screen that only makes toasts does not bring Radix before its first paint.
 */
export const ToastAction = lazy(() =>
  import('./toast').then((module) => ({ default: module.ToastAction })),
);
