import type { Product } from '@furrow/domain/api/products';
import { formatLongDate } from '@furrow/domain/dates';
import { MapPin } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { generatePath, Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { paths } from '../../lib/paths';
import { isForSaleNow, isUpcoming } from './availability';
import { formatPricePerUnit, formatStock, formatWhere, LOW_STOCK } from './format-product';
import { ProductPhoto } from './product-photo';
import { HiddenBadge, hiddenReason } from './product-visibility';

/**
 * The cart's control for one product, put in by the page (features do not import each other).
 * `describedBy` is the id of the product's name, so that each card's button is told apart.
 */
export type RenderCartAction = (product: Product, describedBy: string) => ReactNode;

interface ProductCardProps {
  product: Product;
  cartAction: RenderCartAction;
}

export function ProductCard({ product, cartAction }: ProductCardProps) {
  const nameId = useId();
  const stockTone = !product.inStock ? 'neutral' : product.stock <= LOW_STOCK ? 'harvest' : 'leaf';
  const productPath = generatePath(paths.product, { id: product.id });
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
    >
      {/* The name below is the link for keyboards and screen readers; the photo is a bigger target. */}
      <Link to={productPath} tabIndex={-1} aria-hidden>
        <ProductPhoto product={product} />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={nameId} className="font-semibold text-lg leading-snug">
            <Link to={productPath} className="underline-offset-4 hover:underline">
              {product.name}
            </Link>
          </h3>
          <Badge tone={stockTone} className="mt-1 shrink-0">
            {formatStock(product.stock)}
          </Badge>
        </div>
        <div className="grid gap-1 text-ink-muted text-sm">
          <Link
            to={generatePath(paths.farm, { id: product.farm.id })}
            className="w-fit font-medium text-leaf-ink underline-offset-4 hover:underline"
          >
            {product.farm.name}
          </Link>
          <p className="flex items-center gap-1">
            <MapPin aria-hidden className="size-4 shrink-0" />
            {formatWhere(product.farm, product.distanceKm)}
          </p>
        </div>
        <div className="mt-auto grid gap-3 pt-2">
          <p className="font-semibold text-ink text-lg">
            {formatPricePerUnit(product.price, product.unit)}
          </p>
          {hiddenReason(product) ? (
            // Only the owner and admins are ever shown a hidden product.
            <p className="flex h-10 items-center">
              <HiddenBadge product={product} />
            </p>
          ) : isForSaleNow(product) ? (
            cartAction(product, nameId)
          ) : (
            <p className="flex h-10 items-center text-ink-muted text-sm">
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
