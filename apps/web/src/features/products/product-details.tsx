import type { Product } from '@furrow/domain/api/products';
import { categoryName } from '@furrow/domain/categories';
import { formatLongDate } from '@furrow/domain/dates';
import { CalendarDays, EyeOff, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Skeleton } from '../../components/ui/skeleton';
import { isForSaleNow, isUpcoming } from './availability';
import { FarmLink } from './farm-link';
import {
  formatDistance,
  formatPricePerUnit,
  formatStock,
  formatWhere,
  LOW_STOCK,
} from './format-product';
import { HiddenBadge, hiddenReason } from './hidden-badge';
import { ProductPhoto } from './product-photo';

interface ProductDetailsProps {
  product: Product;
  /** Where the distance is measured from ("Portland, OR"). */
  nearLabel: string;
  /** The cart's "how many, then add", put in by the page; shown only while it is for sale. */
  cartAction: ReactNode;
  /** In place of the cart's control when it cannot be bought now (sold out or not harvested). */
  preorderAction: ReactNode;
}

/** A product's own page: everything a shopper weighs before putting it in the cart. */
export function ProductDetails({
  product,
  nearLabel,
  cartAction,
  preorderAction,
}: ProductDetailsProps) {
  const upcoming = isUpcoming(product);
  const stockTone = !product.inStock ? 'neutral' : product.stock <= LOW_STOCK ? 'harvest' : 'leaf';
  return (
    <article className="grid gap-6 md:grid-cols-2 md:gap-10">
      <div className="overflow-hidden rounded-2xl border border-line">
        <ProductPhoto product={product} large />
      </div>
      <div className="grid content-start gap-5">
        <div className="grid gap-2">
          <Badge className="w-fit">{categoryName(product.categorySlug)}</Badge>
          <h1 className="font-semibold text-3xl text-ink tracking-tight">{product.name}</h1>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink-muted">
            <FarmLink farm={product.farm} />
            <span className="flex items-center gap-1">
              <MapPin aria-hidden className="size-4 shrink-0" />
              {formatWhere(product.farm, null)}
            </span>
          </p>
          {product.distanceKm !== null && (
            <p className="text-ink-muted text-sm">
              {formatDistance(product.distanceKm)} from {nearLabel}
            </p>
          )}
        </div>

        <div className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-2xl text-ink">
            {formatPricePerUnit(product.price, product.unit)}
          </p>
          <Badge tone={stockTone}>{formatStock(product.stock)}</Badge>
        </div>

        {upcoming && product.availableFrom && (
          <p className="flex items-center gap-2 rounded-xl bg-harvest-soft p-3 text-harvest-ink">
            <CalendarDays aria-hidden className="size-5 shrink-0" />
            Not harvested yet: for sale from {formatLongDate(product.availableFrom)}.
          </p>
        )}
        {hiddenReason(product) ? (
          <p className="flex items-start gap-2 rounded-xl bg-sunken p-3 text-ink">
            <EyeOff aria-hidden className="mt-0.5 size-5 shrink-0" />
            <span>
              <HiddenBadge product={product} /> Shoppers do not see this product and cannot order
              it. Only you and Furrow's admins see this page.
            </span>
          </p>
        ) : isForSaleNow(product) ? (
          cartAction
        ) : (
          <>
            {!upcoming && (
              <p className="text-ink-muted">
                Sold out for now. {product.farm.name} may have more after the next harvest.
              </p>
            )}
            {preorderAction}
          </>
        )}

        <section aria-labelledby="product-description" className="grid gap-2">
          <h2 id="product-description" className="font-semibold text-ink text-lg">
            About this product
          </h2>
          {product.description ? (
            product.description.split(/\n{2,}/).map((paragraph) => (
              <p
                key={paragraph}
                className="max-w-prose whitespace-pre-line text-ink leading-relaxed"
              >
                {paragraph}
              </p>
            ))
          ) : (
            <p className="text-ink-muted">The farm has not described it yet.</p>
          )}
        </section>
      </div>
    </article>
  );
}

export function ProductDetailsSkeleton() {
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-10" aria-busy="true">
      <span className="sr-only">Loading the product</span>
      <Skeleton className="aspect-[4/3] rounded-2xl" />
      <div className="grid content-start gap-3">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-8 w-32" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    </div>
  );
}
