import type { Product } from '@furrow/domain/api/products';
import { thumbnailUrl } from '@furrow/domain/images';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../lib/cn';

// The drawings are 4 KB of the first screen's scripts for the few products without a photo: they
// come when one is shown, in a frame of the drawing's size, so nothing moves when it arrives.
const CategoryArt = lazy(() =>
  import('./category-art').then((module) => ({ default: module.CategoryArt })),
);

interface ProductPhotoProps {
  product: Pick<Product, 'images' | 'categorySlug' | 'name'>;
  /** The 1200 px rendition, for the product's own page. */
  large?: boolean;
}

/**
 * The product's first photo, or a drawing of what its name or category says it is when it has none
 * or the photo fails. Cards
 * load the 400 px thumbnail rendition: a page of them would otherwise fetch every 1200 px image.
 */
export function ProductPhoto({ product, large = false }: ProductPhotoProps) {
  const [failed, setFailed] = useState(false);
  const src = product.images[0];
  const frame = 'aspect-[4/3] w-full bg-sunken';
  if (src && !failed) {
    // The card's heading names the product, so the photo adds nothing for a screen reader.
    return (
      <img
        src={large ? src : thumbnailUrl(src)}
        alt=""
        loading={large ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(true)}
        className={cn(frame, 'object-cover')}
      />
    );
  }
  return (
    <Suspense fallback={<div aria-hidden className={frame} data-drawing="loading" />}>
      <CategoryArt slug={product.categorySlug} name={product.name} className={frame} />
    </Suspense>
  );
}
