import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const tones = {
  neutral: 'bg-sunken text-ink-muted',
  leaf: 'bg-leaf-soft text-leaf-ink',
  harvest: 'bg-harvest-soft text-harvest-ink',
  danger: 'bg-danger-soft text-danger',
} as const;

type BadgeTone = keyof typeof tones;

export function Badge({
  className,
  tone = 'neutral',
  ...props
}: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-medium text-xs',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
