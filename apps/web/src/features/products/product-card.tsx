import type { Product } from '@furrow/domain/api/products';
import { MapPin, ShoppingBasket } from 'lucide-react';
import { useId } from 'react';
import { generatePath, Link } from 'react-router';
import { paths } from '../../app/paths';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDistance, formatPricePerUnit, formatStock, LOW_STOCK } from './format-product';
import { ProductPhoto } from './product-photo';

interface ProductCardProps {
  product: Product;
  onAddToCart: (product: Product) => void;
}

export function ProductCard({ product, onAddToCart }: ProductCardProps) {
  const nameId = useId();
  const stockTone = !product.inStock ? 'neutral' : product.stock <= LOW_STOCK ? 'harvest' : 'leaf';
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
    >
      <ProductPhoto product={product} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={nameId} className="font-semibold text-lg leading-snug">
            {product.name}
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
            {product.farm.city}, {product.farm.region}
            {product.distanceKm !== null && ` · ${formatDistance(product.distanceKm)}`}
          </p>
        </div>
        <div className="mt-auto grid gap-3 pt-2">
          <p className="font-semibold text-ink text-lg">
            {formatPricePerUnit(product.price, product.unit)}
          </p>
          {/* The product name describes the button, so each "Add to cart" is told apart. */}
          <Button
            className="w-full"
            disabled={!product.inStock}
            aria-describedby={nameId}
            onClick={() => onAddToCart(product)}
          >
            <ShoppingBasket aria-hidden className="size-4" />
            Add to cart
          </Button>
        </div>
      </div>
    </article>
  );
}
