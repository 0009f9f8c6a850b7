import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * The pieces of a data table in the app's look: small text, muted column heads over a rule, and a
 * rule between rows. Body and cells are plain `<tbody>` and `<td>`; each table sets its cells'
 * padding, which depends on where it sits.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return <table className={cn('w-full text-left text-sm', className)} {...props} />;
}

/** The head of the table: its children are the column heads (`TableHead`), in one row. */
export function TableHeader({ className, children, ...props }: ComponentProps<'thead'>) {
  return (
    <thead className={cn('border-line border-b text-ink-muted', className)} {...props}>
      <tr>{children}</tr>
    </thead>
  );
}

/** A row, with a rule under it unless it is the last (the card or page around it ends there). */
export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-line border-b last:border-b-0', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn('font-medium', className)} {...props} />;
}
