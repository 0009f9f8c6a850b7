import type { Product } from '@furrow/domain/api/products';
import { formatLongDate } from '@furrow/domain/dates';
import { MapPin } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { generatePath, Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { paths } from '../../lib/paths';
import { isForSaleNow, isUpcoming } from './availability';
import { FarmLink } from './farm-link';
import { formatDistance, formatPricePerUnit, formatStock, LOW_STOCK } from './format-product';
import { HiddenBadge, hiddenReason } from './hidden-badge';
import { ProductPhoto } from './product-photo';

/**
 * The cart's control for one product, put in by the page (features do not import each other).
 * `describedBy` is the id of the product's name, so that each card's button is told apart.
 */
export type RenderCartAction = (product: Product, describedBy: string) => ReactNode;

interface ProductCardProps {
  product: Product;
  cartAction: RenderCartAction;
  /**
   * Whether the card names the farm, linked to its page and with its distance. On the farm's own
   * page it would link each card back to the page it is on.
   */
  showFarm?: boolean;
}

export function ProductCard({ product, cartAction, showFarm = true }: ProductCardProps) {
  const nameId = useId();
  const productPath = generatePath(paths.product, { id: product.id });
  const lowStock = product.inStock && product.stock <= LOW_STOCK;
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
    >
      {/* The name below is the link for keyboards and screen readers; the photo is a bigger target. */}
      <Link to={productPath} tabIndex={-1} aria-hidden className="relative block">
        <ProductPhoto product={product} />
        {(lowStock || !isForSaleNow(product)) && (
          <Badge
            tone={lowStock ? 'harvest' : 'neutral'}
            className="absolute top-2 left-2 shadow-sm"
          >
            {isUpcoming(product) ? 'Pre-order' : formatStock(product.stock)}
          </Badge>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 id={nameId} className="line-clamp-2 font-semibold leading-snug">
          <Link to={productPath} className="underline-offset-4 hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="font-semibold text-ink">{formatPricePerUnit(product.price, product.unit)}</p>
        {showFarm && (
          <p className="flex min-w-0 items-center gap-1 text-ink-muted text-sm">
            <MapPin aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">
              <FarmLink farm={product.farm} />
              {product.distanceKm !== null && <> · {formatDistance(product.distanceKm)}</>}
            </span>
          </p>
        )}
        <div className="mt-auto pt-2">
          {hiddenReason(product) ? (
            // Only the owner and admins are ever shown a hidden product.
            <p className="flex min-h-8 items-center">
              <HiddenBadge product={product} />
            </p>
          ) : isForSaleNow(product) ? (
            cartAction(product, nameId)
          ) : (
            <p className="flex min-h-8 items-center text-ink-muted text-sm">
              {isUpcoming(product) && product.availableFrom
                ? `Harvest from ${formatLongDate(product.availableFrom)}`
                : 'Sold out for now'}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
