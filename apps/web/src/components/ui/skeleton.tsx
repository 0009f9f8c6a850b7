import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A placeholder block shown while content loads; hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden
      className={cn('motion-safe:animate-pulse rounded-lg bg-sunken', className)}
      {...props}
    />
  );
}
