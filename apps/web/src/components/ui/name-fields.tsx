import type { FieldBinding } from './field';
import { TextField } from './text-field';

/** First and last name side by side, filled from the browser's saved name. */
export function NameFields({ first, last }: { first: FieldBinding; last: FieldBinding }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" {...first} />
      <TextField label="Last name" autoComplete="family-name" {...last} />
    </div>
  );
}
