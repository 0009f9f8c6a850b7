import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import type { AreaAlertFormProps } from './area-alert-form';

// The form and its validation library are fetched only where no farm is near, so the first screen
// of every other shopper stays without them.
const AreaAlertForm = lazy(() =>
  import('./area-alert-form').then((module) => ({ default: module.AreaAlertForm })),
);

/** "Tell me when farms near me join", loaded the first time an area turns out to have no farm. */
export function LazyAreaAlertForm(props: AreaAlertFormProps) {
  return (
    <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl" />}>
      <AreaAlertForm {...props} />
    </Suspense>
  );
}
