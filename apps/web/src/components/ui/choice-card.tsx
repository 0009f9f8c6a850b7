import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

type ChoiceCardProps = Omit<ComponentProps<'input'>, 'type' | 'title'> & {
  title: ReactNode;
  description?: ReactNode;
};

/**
 * One option of a radio group, drawn as a card: the whole card is the label, so a thumb can hit it,
 * and the native radio keeps arrow keys and screen readers working as they do for any radio group.
 */
export function ChoiceCard({ title, description, className, disabled, ...props }: ChoiceCardProps) {
  return (
    <label
      className={cn(
        'flex items-start gap-3 rounded-xl border border-line-strong bg-surface p-3',
        'has-checked:border-leaf has-checked:bg-leaf-soft has-focus-visible:outline-3 has-focus-visible:outline-harvest',
        disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-sunken',
        className,
      )}
    >
      <input
        type="radio"
        className="mt-1 size-4 shrink-0 accent-leaf"
        disabled={disabled}
        {...props}
      />
      <span className="grid gap-0.5">
        <span className="font-medium text-ink">{title}</span>
        {description && <span className="text-ink-muted text-sm">{description}</span>}
      </span>
    </label>
  );
}
