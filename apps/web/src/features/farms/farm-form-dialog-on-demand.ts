import { lazyDialog } from '../../components/ui/lazy-dialog';

/**
 * The farm form, fetched when it first opens: with the list of every time zone it offers, the form
 * library and the farm's schema, it is most of the dashboard's code, and no part of its first screen.
 */
export const FarmFormDialog = lazyDialog(
  () => import('./farm-form-dialog').then((module) => module.FarmFormDialog),
  (props) => props.open,
);
