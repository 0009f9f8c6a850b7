import { type CategorySlug, categoryName } from '@furrow/domain/categories';
import { DEFAULT_RADIUS_KM, type ProductSort } from '@furrow/domain/product-search';
import { CloudOff, Sprout } from 'lucide-react';
import { memo, type ReactNode, useDeferredValue, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { ProductCard, type RenderCartAction } from './product-card';
import {
  type Coordinates,
  useNearbyProducts,
  useWiderSearchCount,
  WIDER_RADIUS_KM,
} from './use-nearby-products';

/** What the app puts under "nothing near" for a place with no farm in reach (a sign-up for news). */
export type RenderNoFarmsNear = (near: Coordinates & { label: string }) => ReactNode;

interface NearbyProductsProps {
  near: Coordinates & { label: string };
  categorySlug: CategorySlug | undefined;
  q?: string;
  sort?: ProductSort;
  cartAction: RenderCartAction;
  onShowAllCategories: () => void;
  noFarmsNear?: RenderNoFarmsNear;
}

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';
const SKELETON_CARDS = 8;

/** The product grid with its loading, empty and error states. */
export function NearbyProducts({
  near,
  categorySlug,
  q,
  sort = 'nearest',
  cartAction,
  onShowAllCategories,
  noFarmsNear,
}: NearbyProductsProps) {
  const [radiusKm, setRadiusKm] = useState(DEFAULT_RADIUS_KM);
  const products = useNearbyProducts(near, categorySlug, { q, sort, radiusKm });
  // The cards are drawn in a transition, which yields to the browser while it works: on a slow
  // phone the page stays responsive while a full grid arrives.
  const shown = useDeferredValue(products.data);
  const nothingNear = products.isSuccess && products.data.length === 0;
  const wider = useWiderSearchCount(
    near,
    categorySlug,
    nothingNear && !q && radiusKm < WIDER_RADIUS_KM,
  );

  if (products.isPending || (products.isSuccess && shown === undefined)) {
    return <ProductGridSkeleton />;
  }

  if (products.isError) {
    return (
      <Notice
        icon={<CloudOff aria-hidden className="size-8 text-danger" />}
        title="We couldn't load products"
        role="alert"
      >
        <p>{loadErrorMessage(products.error)}</p>
        <Button
          variant="secondary"
          loading={products.isFetching}
          onClick={() => products.refetch()}
        >
          Try again
        </Button>
      </Notice>
    );
  }

  if (products.data.length === 0) {
    const what = q ? `“${q}”` : categorySlug ? categoryName(categorySlug).toLowerCase() : 'food';
    return (
      <Notice
        icon={<Sprout aria-hidden className="size-8 text-leaf" />}
        title={`No ${what} near ${near.label} yet`}
        role="status"
        // Only a search for everything says no farm is in reach; a category or words may just miss.
        after={!categorySlug && !q ? noFarmsNear?.(near) : undefined}
      >
        <p>
          No farm within {radiusKm} km has listed {categorySlug ? 'any' : 'anything'} right now. Try{' '}
          {categorySlug ? 'all categories or ' : ''}another city.
        </p>
        {wider.data ? (
          <Button onClick={() => setRadiusKm(WIDER_RADIUS_KM)}>
            Show {wider.data === 200 ? '200+' : wider.data}{' '}
            {wider.data === 1 ? 'product' : 'products'} within {WIDER_RADIUS_KM} km
          </Button>
        ) : null}
        {categorySlug && (
          <Button variant="secondary" onClick={onShowAllCategories}>
            Show all categories
          </Button>
        )}
      </Notice>
    );
  }

  const count = products.data.length;
  const more = products.hasNextPage;
  return (
    <div className="grid gap-6">
      <p role="status" className="sr-only text-ink-muted text-sm sm:not-sr-only">
        {more ? 'The nearest ' : ''}
        {count} {count === 1 ? 'product' : 'products'} within {radiusKm} km
        {more || sort !== 'nearest' ? '' : ', nearest farms first'}
      </p>
      <ul className={grid}>
        {(shown ?? products.data).map((product) => (
          // A card away from the window is not styled, laid out or painted until it comes near
          // (the grid starts below a phone's first screen): drawing a full grid held a slow phone's
          // main thread for over 100 ms in one frame. It holds a card's usual height meanwhile
          // (283 to 336 px from a phone to a desktop), and keeps its real one once drawn.
          <li
            key={product.id}
            className="min-w-0 [contain-intrinsic-size:auto_19rem] [content-visibility:auto]"
          >
            <ProductCard product={product} cartAction={cartAction} />
          </li>
        ))}
      </ul>
      {more && (
        <Button
          variant="secondary"
          className="justify-self-center"
          loading={products.isFetchingNextPage}
          onClick={() => products.fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </div>
  );
}

function loadErrorMessage(error: Error): string {
  // A 5xx says only "Internal error"; the shopper should hear it is not their doing.
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'Something went wrong on our side. Please try again in a moment.';
}

/**
 * The grid while its products load. Memoised: when they arrive, the grid is drawn again at once with
 * its skeleton still (the cards come in a transition after), and this part need not be redrawn.
 */
const ProductGridSkeleton = memo(function ProductGridSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading products…
      </p>
      <div className={grid}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of placeholders never reorders
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
});

function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="grid gap-2 p-3">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-2 h-8 w-28" />
      </div>
    </div>
  );
}

function Notice({
  icon,
  title,
  role,
  children,
  after,
}: {
  icon: ReactNode;
  title: string;
  role: 'alert' | 'status';
  children: ReactNode;
  /** On the same card but outside the announced region: a form that changes must not re-announce it. */
  after?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-6 rounded-2xl border border-line border-dashed bg-surface px-6 py-12 text-center text-ink-muted">
      <div role={role} className="grid justify-items-center gap-4">
        {icon}
        <h3 className="font-semibold text-ink text-xl">{title}</h3>
        {children}
      </div>
      {after}
    </div>
  );
}
