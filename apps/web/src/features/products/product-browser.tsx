import type { ProductSort } from '@furrow/domain/product-search';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Input } from '../../components/ui/input';
import { CategoryChips } from './category-chips';
import { NearbyProducts, type RenderNoFarmsNear } from './nearby-products';
import type { RenderCartAction } from './product-card';
import { useCategoryFilter } from './use-category-filter';
import { useSearchAndSort } from './use-search-and-sort';

interface ProductBrowserProps {
  near: { lat: number; lng: number; label: string };
  cartAction: RenderCartAction;
  /** Shown when no farm is in reach of the place at all. */
  noFarmsNear?: RenderNoFarmsNear;
}

const sortNames: Record<ProductSort, string> = {
  nearest: 'Nearest farms',
  price: 'Lowest price',
  newest: 'Newest',
};

/** Products near a location: searched by words, filtered by category, in the order asked for. */
export function ProductBrowser({ near, cartAction, noFarmsNear }: ProductBrowserProps) {
  const [category, setCategory] = useCategoryFilter();
  const { q, sort, setQuery, setSort } = useSearchAndSort();
  const [words, setWords] = useState(q ?? '');
  const headingId = useId();
  const searchId = useId();
  const sortId = useId();

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(words);
  }

  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="font-semibold text-2xl tracking-tight">
          Fresh near {near.label}
        </h2>
        <div className="flex w-full gap-2 sm:w-auto">
          <search className="flex min-w-0 flex-1 sm:w-72">
            <form onSubmit={search} className="flex min-w-0 flex-1 gap-1">
              <label htmlFor={searchId} className="sr-only">
                Search products
              </label>
              <Input
                id={searchId}
                type="search"
                value={words}
                onChange={(event) => {
                  setWords(event.target.value);
                  if (event.target.value === '') setQuery('');
                }}
                placeholder="Search: honey, tomatoes…"
                className="min-w-0 flex-1"
              />
              <button
                type="submit"
                aria-label="Find products"
                className="grid size-10 shrink-0 place-items-center rounded-lg border border-line-strong bg-surface text-ink hover:bg-sunken"
              >
                <Search aria-hidden className="size-4" />
              </button>
            </form>
          </search>
          <label htmlFor={sortId} className="sr-only">
            Sort by
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => setSort(event.target.value as ProductSort)}
            className="h-10 shrink-0 rounded-lg border border-line-strong bg-surface px-2 text-ink text-sm"
          >
            {Object.entries(sortNames).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <CategoryChips selected={category} onSelect={setCategory} />
      <NearbyProducts
        // A wider radius chosen for one place starts over at another.
        key={`${near.lat},${near.lng}`}
        near={near}
        categorySlug={category}
        q={q}
        sort={sort}
        cartAction={cartAction}
        noFarmsNear={noFarmsNear}
        onShowAllCategories={() => setCategory(undefined)}
      />
    </section>
  );
}
