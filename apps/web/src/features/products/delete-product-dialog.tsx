import type { Product } from '@furrow/domain/api/products';
import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useDeleteProduct } from './farm-products-api';
import { VisibilityButton } from './product-visibility';

interface DeleteProductDialogProps {
  product: Product | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Asks before deleting. When the server refuses (a product that was ever ordered cannot be deleted,
 * spec 5), its message stays in the dialog and the dialog offers to hide the product instead.
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
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !remove.isPending && onOpenChange(open)}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete {product?.name}?</DialogTitle>
          <DialogDescription>
            It disappears from your farm page and from search. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {refusal && (
          <div role="alert" className="grid gap-1 rounded-lg bg-danger-soft p-3 text-sm">
            <p className="font-medium text-danger">{refusal}</p>
            <p className="text-ink">
              {product?.hiddenByFarmer
                ? 'Products that shoppers have ordered stay on record. It is already hidden from your shop, so nobody can order it.'
                : 'Products that shoppers have ordered stay on record. Hide it from your shop instead: shoppers no longer see it or order it, and past orders keep it.'}
            </p>
          </div>
        )}
        <DialogFooter>
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={remove.isPending}
          >
            {refusal ? 'Close' : 'Keep it'}
          </Button>
          {refusal && product && !product.hiddenByFarmer && (
            <VisibilityButton product={product} labelled onChanged={() => onOpenChange(false)} />
          )}
          {!refusal && (
            <Button variant="destructive" onClick={() => void confirm()} loading={remove.isPending}>
              {!remove.isPending && <Trash2 aria-hidden className="size-4" />}
              Delete product
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
