import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

interface SearchBoxProps {
  /** The field's name for screen readers. */
  label: string;
  /** The button's name for screen readers (it shows a magnifier only). */
  buttonLabel: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** Asked when the shopper presses the button or Enter. */
  onSearch(): void;
  className?: string;
}

/** A search field and its button, in a search landmark. */
export function SearchBox({
  label,
  buttonLabel,
  placeholder,
  value,
  onChange,
  onSearch,
  className,
}: SearchBoxProps) {
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch();
  }
  return (
    <search className={cn('flex min-w-0 flex-1', className)}>
      <form onSubmit={submit} className="flex min-w-0 flex-1 gap-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          className="min-w-0 flex-1"
        />
        <button
          type="submit"
          aria-label={buttonLabel}
          className="grid size-10 shrink-0 place-items-center rounded-lg border border-line-strong bg-surface text-ink hover:bg-sunken"
        >
          <Search aria-hidden className="size-4" />
        </button>
      </form>
    </search>
  );
}
