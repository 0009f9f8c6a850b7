import type { Product } from '@furrow/domain/api/products';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useDeleteProduct } from './farm-products-api';
import { VisibilityButton } from './product-visibility';

interface DeleteProductDialogProps {
  product: Product | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Asks before deleting. When the server refuses (a product that was ever ordered cannot be deleted:
 * product rules: deletion), its message stays in the dialog and the dialog offers to hide the
 * product instead.
 */
export function DeleteProductDialog({ product, onOpenChange }: DeleteProductDialogProps) {
  const { toast } = useToast();
  const remove = useDeleteProduct();
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (product) setRefusal(null);
  }, [product]);

  async function confirm() {
    if (!product) return;
    try {
      await remove.mutateAsync(product);
      toast({ title: 'Product deleted', description: `${product.name} is no longer listed.` });
      onOpenChange(false);
    } catch (error) {
      const message = messageOrFailedTo(error, 'delete the product');
      setRefusal(message);
      toast({ variant: 'destructive', title: 'The product was not deleted', description: message });
    }
  }

  return (
    <ConfirmDialog
      open={product !== null}
      onOpenChange={onOpenChange}
      title={<>Delete {product?.name}?</>}
      description="It disappears from your farm page and from search. This cannot be undone."
      cancelLabel="Keep it"
      confirmLabel="Delete product"
      confirmIcon={<Trash2 aria-hidden className="size-4" />}
      destructive
      pending={remove.isPending}
      refusal={
        refusal === null
          ? null
          : {
              message: refusal,
              detail: product?.hiddenByFarmer
                ? 'Products that shoppers have ordered stay on record. It is already hidden from your shop, so nobody can order it.'
                : 'Products that shoppers have ordered stay on record. Hide it from your shop instead: shoppers no longer see it or order it, and past orders keep it.',
              alternative: product && !product.hiddenByFarmer && (
                <VisibilityButton
                  product={product}
                  labelled
                  onChanged={() => onOpenChange(false)}
                />
              ),
            }
      }
      onConfirm={() => void confirm()}
    />
  );
}
