import { type ProductSort, productSorts } from '@furrow/domain/product-search';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The search words and the order live in the URL (`?q=honey&sort=price`), like the category. */
export function useSearchAndSort() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q')?.trim() || undefined;
  const requested = searchParams.get('sort');
  const sort: ProductSort = productSorts.find((value) => value === requested) ?? 'nearest';

  const set = useCallback(
    (name: 'q' | 'sort', value: string | undefined) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );
  const setQuery = useCallback((value: string) => set('q', value.trim() || undefined), [set]);
  const setSort = useCallback(
    (value: ProductSort) => set('sort', value === 'nearest' ? undefined : value),
    [set],
  );
  return { q, sort, setQuery, setSort };
}
