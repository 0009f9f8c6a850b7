import { type CategorySlug, categories } from '@furrow/domain/categories';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface CategoryChipsProps {
  selected: CategorySlug | undefined;
  onSelect: (slug: CategorySlug | undefined) => void;
}

/** Toggle buttons for the category filter; one row that scrolls sideways on a phone. */
export function CategoryChips({ selected, onSelect }: CategoryChipsProps) {
  return (
    // min-w-0: a fieldset is at least as wide as its content by default, which would stop the
    // row from scrolling and widen the page instead.
    <fieldset className="-mx-4 flex min-w-0 gap-2 overflow-x-auto [scrollbar-width:none] px-4 pb-1 sm:mx-0 sm:px-0">
      <legend className="sr-only">Filter by category</legend>
      <Chip pressed={selected === undefined} onClick={() => onSelect(undefined)}>
        All
      </Chip>
      {categories.map((category) => (
        <Chip
          key={category.slug}
          pressed={selected === category.slug}
          onClick={() => onSelect(category.slug)}
        >
          {category.name}
        </Chip>
      ))}
    </fieldset>
  );
}

function Chip({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'h-9 shrink-0 whitespace-nowrap rounded-full border px-3 font-medium text-sm transition-colors',
        pressed
          ? 'border-leaf bg-leaf text-white'
          : 'border-line-strong bg-surface text-ink hover:bg-sunken',
      )}
    >
      {children}
    </button>
  );
}
