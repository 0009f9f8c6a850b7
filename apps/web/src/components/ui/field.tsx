import { type ComponentProps, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { Label } from './label';

export interface FieldFrameProps {
  label: ReactNode;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string | undefined;
  /** A short help text under the field, read with it by screen readers. */
  hint?: ReactNode;
}

/** What `register()` of react-hook-form gives one field, with that field's error message. */
export type FieldBinding = UseFormRegisterReturn & { error?: string | undefined };

const controlLook =
  'w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink placeholder:text-ink-muted disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger';

/** A labelled multi-line text box, in the look and with the wiring of `TextField`. */
export function TextAreaField({
  className,
  ...props
}: ComponentProps<'textarea'> & FieldFrameProps) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame} className={className}>
      <textarea {...control} className={cn(controlLook, 'min-h-20 py-2')} />
    </FieldFrame>
  );
}

/** A labelled native select, in the look and with the wiring of `TextField`. */
export function SelectField({
  className,
  children,
  ...props
}: ComponentProps<'select'> & FieldFrameProps) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame} className={className}>
      <select {...control} className={cn(controlLook, 'h-10')}>
        {children}
      </select>
    </FieldFrame>
  );
}

const checkboxSizes = {
  sm: { label: 'gap-2 text-sm', box: 'size-4' },
  md: { label: 'gap-3', box: 'size-5' },
} as const;

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type' | 'size'> & {
  label: ReactNode;
  /** `sm` sits in a row of small print, such as beside a link; `md` stands on its own line. */
  size?: keyof typeof checkboxSizes;
};

/** A checkbox with its words beside it; the label wraps the box, so clicking the words ticks it. */
export function CheckboxField({ label, size = 'md', className, ...props }: CheckboxFieldProps) {
  return (
    <label className={cn('flex items-center text-ink', checkboxSizes[size].label, className)}>
      <input type="checkbox" className={cn(checkboxSizes[size].box, 'accent-leaf')} {...props} />
      {label}
    </label>
  );
}

/**
 * Splits a field's props into those of its frame and those of its control, and ties the two
 * together by id: the label names the control, and screen readers read the hint and error with it.
 */
export function useField<Props extends FieldFrameProps & { id?: string | undefined }>({
  label,
  error,
  hint,
  id,
  ...rest
}: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    frame: { label, error, hint, inputId, hintId, errorId },
    control: {
      id: inputId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      ...rest,
    },
  };
}

/** The label above a field's control, and its hint and error below it. */
export function FieldFrame({
  label,
  error,
  hint,
  inputId,
  hintId,
  errorId,
  className,
  children,
}: ReturnType<typeof useField>['frame'] & {
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    // Top-aligned, so that an error under one field of a row does not push its neighbours down.
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      {children}
      {hint && (
        <p id={hintId} className="text-ink-muted text-sm">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-danger text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
