import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

interface PagerProps {
  /** What the pages are of, for screen readers: "Farm pages". */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The words on the two buttons, "Previous" and "Next" unless the list reads better otherwise. */
  previous?: string;
  next?: string;
  /** Said after "Page 2 of 5", e.g. the number of rows. */
  summary?: ReactNode;
}

/** Previous and next buttons around "Page N of M", for a list read from the server a page at a time. */
export function Pager({
  label,
  page,
  pages,
  onPage,
  previous = 'Previous',
  next = 'Next',
  summary,
}: PagerProps) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden className="size-4" />
        {previous}
      </Button>
      <p className="text-ink-muted text-sm" aria-live="polite">
        Page {page} of {pages}
        {summary && <> · {summary}</>}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {next}
        <ChevronRight aria-hidden className="size-4" />
      </Button>
    </nav>
  );
}
