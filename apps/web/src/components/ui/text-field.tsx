import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame, type FieldFrameProps, useField } from './field';
import { Input } from './input';

export type TextFieldProps = ComponentProps<'input'> & FieldFrameProps;

/** A labelled input with its help and error text tied to it for screen readers. */
export function TextField({ className, ...props }: TextFieldProps) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame} className={className}>
      <Input {...control} />
    </FieldFrame>
  );
}

/** An e-mail address: the e-mail keyboard on phones, and the address the browser has saved. */
export function EmailField({
  label = 'E-mail',
  ...props
}: Omit<TextFieldProps, 'label' | 'type'> & { label?: ReactNode }) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" {...props} />;
}
