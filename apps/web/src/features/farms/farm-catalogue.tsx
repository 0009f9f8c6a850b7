import type { Farm, FarmProductsAnswer } from '@furrow/domain/api/farms';
import type { Product } from '@furrow/domain/api/products';
import { type CategorySlug, categories } from '@furrow/domain/categories';
import { FARM_PAGE_FIRST_PRODUCTS } from '@furrow/domain/farm-product-pages';
import { Search, Sprout } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
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

const count = new Intl.NumberFormat('en-US');

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
  const searchId = useId();
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

  function search(event: FormEvent) {
    event.preventDefault();
    setQ(words.trim() || undefined);
  }

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
          <search className="flex min-w-0 flex-1 sm:max-w-sm">
            <form onSubmit={search} className="flex min-w-0 flex-1 gap-1">
              <label htmlFor={searchId} className="sr-only">
                Search this farm's products
              </label>
              <Input
                id={searchId}
                type="search"
                value={words}
                onChange={(event) => {
                  setWords(event.target.value);
                  if (event.target.value === '') setQ(undefined);
                }}
                placeholder={`Search ${farm.name}`}
                className="min-w-0 flex-1"
              />
              <button
                type="submit"
                aria-label="Search this farm"
                className="grid size-10 shrink-0 place-items-center rounded-lg border border-line-strong bg-surface text-ink hover:bg-sunken"
              >
                <Search aria-hidden className="size-4" />
              </button>
            </form>
          </search>
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
              Showing {count.format(shown.length)} of {count.format(total)} products
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
