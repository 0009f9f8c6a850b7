import { ApiError } from './api-client';

/**
 * Shows the server's messages about single fields (an `ApiError`'s details) under the form's own
 * fields. `fields` maps the server's names (`location.lat`) to the form's (`lat`); a field not in it
 * has no place in the form, and the caller's toast says what went wrong.
 */
export function setServerFieldErrors<Field extends string>(
  error: unknown,
  fields: Readonly<Record<string, Field>>,
  setError: (field: Field, error: { message: string }) => void,
): void {
  if (!(error instanceof ApiError)) return;
  for (const detail of error.details ?? []) {
    const field = fields[detail.field];
    if (field) setError(field, { message: detail.message });
  }
}
