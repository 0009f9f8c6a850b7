import type { Product } from '@furrow/domain/api/products';
import { MAX_STOCK } from '@furrow/domain/stock';
import { Minus, Plus } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useToast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import { messageOrFailedTo } from '../../lib/failure-message';
import { type StockEdit, useChangeStock } from './farm-products-api';
import { parseStockInput, plainNumberField, STOCK_INPUT_HINT } from './stock-input';

/**
 * A product's stock for a farmer at a market stall: quick − and +, or the count typed in, saved
 * when the field is left or on Enter (Escape puts back the saved number).
 */
export function StockStepper({ product }: { product: Product }) {
  const { toast } = useToast();
  const change = useChangeStock(product.farmId);
  /** What is being typed; null while the field shows the saved stock. */
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const problemId = useId();

  function save(edit: StockEdit) {
    change.mutate(edit, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Stock not changed',
          description: messageOrFailedTo(error, 'update stock'),
        }),
    });
  }

  function step(delta: number) {
    setDraft(null);
    setProblem(null);
    save({ id: product.id, delta });
  }

  function commit(input: HTMLInputElement) {
    if (draft === null) return;
    // A number field reports what it cannot read ("1e", "--2") as empty: say so, not "required".
    const typed = input.validity.badInput
      ? ({ ok: false, message: STOCK_INPUT_HINT } as const)
      : parseStockInput(draft);
    if (!typed.ok) {
      setProblem(typed.message);
      return;
    }
    setDraft(null);
    setProblem(null);
    if (typed.stock !== product.stock) save({ id: product.id, stock: typed.stock });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit(event.currentTarget);
    } else if (event.key === 'Escape' && draft !== null) {
      // The field's own Escape, not the dialog's or the page's.
      event.stopPropagation();
      setDraft(null);
      setProblem(null);
    }
  }

  return (
    <div className="grid justify-items-start gap-1">
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
        <label htmlFor={inputId} className="sr-only">
          {product.name} in stock
        </label>
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_STOCK}
          step={1}
          value={draft ?? String(product.stock)}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onBlur={(event) => commit(event.currentTarget)}
          onKeyDown={onKeyDown}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          className={cn(
            'h-9 w-14 px-1 text-center font-semibold tabular-nums',
            plainNumberField,
            product.stock === 0 && draft === null && 'text-danger',
          )}
        />
        {/* Heard after − and +, as the number changes; the field itself is not a live region. */}
        <span role="status" className="sr-only">
          {product.stock} in stock
        </span>
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
      {problem && (
        <p id={problemId} role="alert" className="max-w-44 text-danger text-xs">
          {problem}
        </p>
      )}
    </div>
  );
}
