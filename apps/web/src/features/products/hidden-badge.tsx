import type { Product } from '@furrow/domain/api/products';
import { EyeOff } from 'lucide-react';
import { Badge } from '../../components/ui/badge';

// Apart from the visibility button: product cards show the badge on the landing page, which then
// needs none of the product-editing calls.
type Visibility = Pick<Product, 'hiddenByFarmer' | 'hiddenByPlan'>;

/**
 * Why shoppers do not see a product, in the farmer's words; nothing when they do. The farmer's own
 * choice comes first: an upgrade does not bring that one back.
 */
export function hiddenReason(product: Visibility): string | null {
  if (product.hiddenByFarmer) return 'Hidden from shop';
  if (product.hiddenByPlan) return "Hidden: over your plan's limit";
  return null;
}

/** The mark the owner sees on a hidden product, in lists and on its page. */
export function HiddenBadge({ product }: { product: Visibility }) {
  const reason = hiddenReason(product);
  if (!reason) return null;
  return (
    <Badge tone={product.hiddenByFarmer ? 'neutral' : 'harvest'}>
      <EyeOff aria-hidden className="size-3" />
      {reason}
    </Badge>
  );
}
