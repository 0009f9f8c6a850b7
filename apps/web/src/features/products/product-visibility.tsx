import type { Product } from '@furrow/domain/api/products';
import { Eye, EyeOff } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useSetProductHidden } from './farm-products-api';

interface VisibilityButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  product: Product;
  /** Called once the change is saved, with the product as it now is. */
  onChanged?: (product: Product) => void;
  /** Keeps the label on a phone instead of showing the icon alone. */
  labelled?: boolean;
}

/**
 * "Hide from shop" or "Show in shop". A product the plan hid is shown again by upgrading (or by
 * hiding another), so its button shows it only when the farmer also hid it; the server has the last
 * word and says what is in the way.
 */
export function VisibilityButton({
  product,
  onChanged,
  labelled = false,
  ...props
}: VisibilityButtonProps) {
  const { toast } = useToast();
  const change = useSetProductHidden();
  const hiding = !product.hiddenByFarmer;
  const label = hiding ? 'Hide from shop' : 'Show in shop';

  async function toggle() {
    try {
      const answer = await change.mutateAsync({ product, hidden: hiding });
      const said = answer.message.replace(/\.$/, '');
      toast({
        title: hiding ? 'Hidden from your shop' : 'Back in your shop',
        description: hiding
          ? `${said}. Shoppers no longer see it; it stays in past orders.`
          : `${said}.`,
      });
      onChanged?.(answer.product);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: hiding ? 'The product was not hidden' : 'The product was not shown',
        description: messageOrFailedTo(error, hiding ? 'hide the product' : 'show the product'),
      });
    }
  }

  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={labelled ? undefined : `${label}: ${product.name}`}
      loading={change.isPending}
      onClick={() => void toggle()}
      {...props}
    >
      {!change.isPending &&
        (hiding ? (
          <EyeOff aria-hidden className="size-4" />
        ) : (
          <Eye aria-hidden className="size-4" />
        ))}
      <span className={labelled ? undefined : 'sr-only sm:not-sr-only'}>{label}</span>
    </Button>
  );
}
