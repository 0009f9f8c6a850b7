import type { Product } from '@furrow/domain/api/products';
import { Minus, Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import { messageOrFailedTo } from '../../lib/failure-message';
import { useChangeStock } from './farm-products-api';

/** Quick - and + on a product's stock, for a farmer at a market stall. */
export function StockStepper({ product }: { product: Product }) {
  const { toast } = useToast();
  const change = useChangeStock(product.farmId);

  function step(delta: number) {
    change.mutate(
      { id: product.id, delta },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Stock not changed',
            description: messageOrFailedTo(error, 'update stock'),
          }),
      },
    );
  }

  return (
    <div className="flex items-center gap-1">
      <Button
        size="icon"
        variant="secondary"
        className="size-9"
        aria-label={`Take one ${product.name} from stock`}
        disabled={product.stock <= 0}
        onClick={() => step(-1)}
      >
        <Minus aria-hidden className="size-4" />
      </Button>
      <output
        aria-live="polite"
        aria-label={`${product.name} in stock`}
        className={cn(
          'min-w-12 text-center font-semibold tabular-nums',
          product.stock === 0 ? 'text-danger' : 'text-ink',
        )}
      >
        {product.stock}
      </output>
      <Button
        size="icon"
        variant="secondary"
        className="size-9"
        aria-label={`Add one ${product.name} to stock`}
        onClick={() => step(1)}
      >
        <Plus aria-hidden className="size-4" />
      </Button>
    </div>
  );
}
