import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A form checked by its schema as the user types. The browser's own checks are off: they would
 * stop the submit with a bubble in other words than the message under the field.
 */
export function Form({ className, ...props }: ComponentProps<'form'>) {
  return <form noValidate className={cn('grid gap-5', className)} {...props} />;
}
