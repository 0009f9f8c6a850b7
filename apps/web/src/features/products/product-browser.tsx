import { useId } from 'react';
import { CategoryChips } from './category-chips';
import { NearbyProducts } from './nearby-products';
import type { RenderCartAction } from './product-card';
import { useCategoryFilter } from './use-category-filter';

interface ProductBrowserProps {
  near: { lat: number; lng: number; label: string };
  cartAction: RenderCartAction;
}

/** Products near a location, filtered by category. */
export function ProductBrowser({ near, cartAction }: ProductBrowserProps) {
  const [category, setCategory] = useCategoryFilter();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-6">
      <h2 id={headingId} className="font-semibold text-2xl tracking-tight">
        Fresh near {near.label}
      </h2>
      <CategoryChips selected={category} onSelect={setCategory} />
      <NearbyProducts
        near={near}
        categorySlug={category}
        cartAction={cartAction}
        onShowAllCategories={() => setCategory(undefined)}
      />
    </section>
  );
}
