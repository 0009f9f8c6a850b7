import type { ReactNode } from 'react';
import type { FieldBinding } from './field';
import { TextField, type TextFieldProps } from './text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete'> & {
  /** Required: password managers fill a sign-in and offer to generate a new one only by this. */
  autoComplete: 'current-password' | 'new-password';
};

export function PasswordField(props: PasswordFieldProps) {
  return <TextField type="password" {...props} />;
}

interface NewPasswordFieldsProps {
  label?: string;
  confirmLabel?: string;
  hint: ReactNode;
  password: FieldBinding;
  confirm: FieldBinding;
}

/** A new password and the same again, so that a typo does not lock the user out. */
export function NewPasswordFields({
  label = 'New password',
  confirmLabel = 'Repeat the new password',
  hint,
  password,
  confirm,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" hint={hint} {...password} />
      <PasswordField label={confirmLabel} autoComplete="new-password" {...confirm} />
    </>
  );
}
