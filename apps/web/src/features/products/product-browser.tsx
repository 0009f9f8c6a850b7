import type { ProductSort } from '@furrow/domain/product-search';
import { useId, useState } from 'react';
import { SearchBox } from '../../components/ui/search-box';
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
  const sortId = useId();

  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="font-semibold text-2xl tracking-tight">
          Fresh near {near.label}
        </h2>
        <div className="flex w-full gap-2 sm:w-auto">
          <SearchBox
            label="Search products"
            buttonLabel="Find products"
            placeholder="Search: honey, tomatoes…"
            value={words}
            onChange={(value) => {
              setWords(value);
              if (value === '') setQuery('');
            }}
            onSearch={() => setQuery(words)}
            className="sm:w-72"
          />
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
