import { type CategorySlug, categorySlugs } from '@furrow/domain/categories';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const CATEGORY_PARAM = 'category';

/** The category filter lives in the URL (`?category=bakery`) so a filtered list can be shared. */
export function useCategoryFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(CATEGORY_PARAM);
  // An unknown slug in a hand-edited URL reads as "all categories" rather than an empty page.
  const category = categorySlugs.find((slug) => slug === requested);

  const setCategory = useCallback(
    (slug: CategorySlug | undefined) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (slug) next.set(CATEGORY_PARAM, slug);
          else next.delete(CATEGORY_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return [category, setCategory] as const;
}
