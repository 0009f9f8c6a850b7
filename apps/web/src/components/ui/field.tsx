import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

interface FieldFrameProps {
  label: ReactNode;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string | undefined;
  /** A short help text under the field, read with it by screen readers. */
  hint?: ReactNode;
}

const controlLook =
  'w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink placeholder:text-ink-muted disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger';

/** A labelled multi-line text box, in the look and with the wiring of `TextField`. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  ...props
}: ComponentProps<'textarea'> & FieldFrameProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={ids.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(controlLook, 'min-h-20 py-2')}
        {...props}
      />
    </FieldFrame>
  );
}

/** A labelled native select, in the look and with the wiring of `TextField`. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  children,
  ...props
}: ComponentProps<'select'> & FieldFrameProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      <select
        id={ids.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(controlLook, 'h-10')}
        {...props}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const input = id ?? generated;
  const hintId = `${input}-hint`;
  const errorId = `${input}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return { input, hintId, errorId, describedBy: describedBy || undefined };
}

function FieldFrame({
  ids,
  label,
  error,
  hint,
  className,
  children,
}: FieldFrameProps & {
  ids: ReturnType<typeof useFieldIds>;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={ids.input}>{label}</Label>
      {children}
      {hint && (
        <p id={ids.hintId} className="text-ink-muted text-sm">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="text-danger text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
