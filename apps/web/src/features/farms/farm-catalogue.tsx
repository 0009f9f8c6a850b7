import type { Farm, FarmProductsAnswer } from '@furrow/domain/api/farms';
import type { Product } from '@furrow/domain/api/products';
import { type CategorySlug, categories } from '@furrow/domain/categories';
import { FARM_PAGE_FIRST_PRODUCTS } from '@furrow/domain/farm-product-pages';
import { formatCount } from '@furrow/domain/numbers';
import { Sprout } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { SearchBox } from '../../components/ui/search-box';
import { cn } from '../../lib/cn';
import { useFarmProducts } from './farms-api';

interface FarmCatalogueProps {
  farm: Farm;
  /** The first page of products, from the farm page's own answer. */
  first: FarmProductsAnswer;
  firstAt: number;
  /** One product's card, put in by the page (features do not import each other). */
  renderProduct: (product: Product) => ReactNode;
}

/**
 * "For sale at …": the farm's products in name order, the first page at once and more on demand.
 * A farm with more than one page can be searched and filtered by category on the server.
 */
export function FarmCatalogue({ farm, first, firstAt, renderProduct }: FarmCatalogueProps) {
  const [categorySlug, setCategorySlug] = useState<CategorySlug>();
  const [q, setQ] = useState<string>();
  const [words, setWords] = useState('');
  const products = useFarmProducts(farm.id, { categorySlug, q }, first, firstAt);
  const pages = products.data?.pages ?? [first];
  const shown = pages.flatMap((page) => page.products);
  const total = pages[0]?.total ?? 0;
  const filtered = categorySlug !== undefined || q !== undefined;
  const headingId = useId();
  const categoryId = useId();
  const list = useRef<HTMLUListElement>(null);
  // After "Show more", focus moves to the first new product, where reading goes on.
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown.length <= from) return;
    focusFrom.current = null;
    list.current?.children[from]?.querySelector<HTMLElement>('h3 a')?.focus();
  }, [shown.length]);

  function clearFilters() {
    setCategorySlug(undefined);
    setQ(undefined);
    setWords('');
  }

  const category = categories.find((candidate) => candidate.slug === categorySlug);
  const matching = [q && `matching “${q}”`, category && `in ${category.name}`]
    .filter(Boolean)
    .join(' ');

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="font-semibold text-2xl text-ink">
        For sale at {farm.name}
      </h2>
      {(first.total ?? 0) > FARM_PAGE_FIRST_PRODUCTS && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <SearchBox
            label="Search this farm's products"
            buttonLabel="Search this farm"
            placeholder={`Search ${farm.name}`}
            value={words}
            onChange={(value) => {
              setWords(value);
              if (value === '') setQ(undefined);
            }}
            onSearch={() => setQ(words.trim() || undefined)}
            className="sm:max-w-sm"
          />
          <label htmlFor={categoryId} className="sr-only">
            Category
          </label>
          <select
            id={categoryId}
            value={categorySlug ?? ''}
            onChange={(event) =>
              setCategorySlug((event.target.value || undefined) as CategorySlug | undefined)
            }
            className="h-10 rounded-lg border border-line-strong bg-surface px-2 text-ink text-sm"
          >
            <option value="">All categories</option>
            {categories.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {products.isError && !products.isFetchNextPageError ? (
        <LoadError onRetry={() => void products.refetch()}>
          The products could not be loaded: {products.error.message}
        </LoadError>
      ) : shown.length === 0 ? (
        <Card className="flex flex-wrap items-center gap-3 p-6 text-ink-muted">
          <Sprout aria-hidden className="size-5 text-leaf-ink" />
          {filtered ? (
            <>
              Nothing {matching} at this farm.
              <Button variant="secondary" size="sm" onClick={clearFilters}>
                Show all products
              </Button>
            </>
          ) : (
            'Nothing listed right now. Check back after the next harvest.'
          )}
        </Card>
      ) : (
        <>
          <ul
            ref={list}
            aria-busy={products.isPlaceholderData || undefined}
            className={cn(
              'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5',
              products.isPlaceholderData && 'opacity-60',
            )}
          >
            {shown.map((product) => (
              <li key={product.id} className="min-w-0">
                {renderProduct(product)}
              </li>
            ))}
          </ul>
          <div className="grid justify-items-center gap-3">
            <p className="text-ink-muted text-sm" aria-live="polite">
              Showing {formatCount(shown.length)} of {formatCount(total)} products
              {matching && ` ${matching}`}
            </p>
            {products.isFetchNextPageError && (
              <p className="text-danger text-sm" role="alert">
                More products could not be loaded: {products.error?.message}
              </p>
            )}
            {products.hasNextPage && !products.isPlaceholderData && (
              <Button
                variant="secondary"
                loading={products.isFetchingNextPage}
                onClick={() => {
                  focusFrom.current = shown.length;
                  void products.fetchNextPage();
                }}
              >
                Show more products
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
