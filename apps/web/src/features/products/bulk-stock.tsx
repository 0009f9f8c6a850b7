import type { Product } from '@furrow/domain/api/products';
import { MAX_STOCK } from '@furrow/domain/stock';
import { Loader2, Save, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useToast } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { messageOrFailedTo } from '../../lib/failure-message';
import { type FarmStockLine, useChangeFarmStock } from './farm-products-api';
import { parseStockInput, plainNumberField } from './stock-input';

/**
 * "Change stock" on a farm's product list: a number field on every row, and one save for all of
 * them (one request, applied whole or not at all). Only the rows whose number changed are sent.
 * A refusal keeps what was typed, marks the row the server named, and says why.
 */
export function useBulkStock(farm: { id: string; name: string }) {
  const { toast } = useToast();
  const save = useChangeFarmStock(farm.id);
  const formId = useId();
  /**
   * What was typed, by product id, for the rows the farmer touched; null while the list is not being
   * changed. A row not touched shows its stock as it is now, so that an order placed meanwhile is
   * neither hidden nor overwritten.
   */
  const [typed, setTyped] = useState<Record<string, string> | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});

  function start() {
    setTyped({});
    setProblems({});
  }

  function stop() {
    setTyped(null);
    setProblems({});
  }

  function type(id: string, value: string) {
    setTyped((all) => (all ? { ...all, [id]: value } : all));
    setProblems(({ [id]: _gone, ...rest }) => rest);
  }

  /** The lines to send, or null when a field holds no stock count (each such field says why). */
  function linesFor(products: Product[], form: HTMLFormElement): FarmStockLine[] | null {
    const found: Record<string, string> = {};
    const lines: FarmStockLine[] = [];
    for (const product of products) {
      const text = typed?.[product.id];
      if (text === undefined) continue;
      const field = form.ownerDocument.getElementById(fieldId(formId, product.id));
      const unreadable = field instanceof HTMLInputElement && field.validity.badInput;
      const parsed = parseStockInput(unreadable ? 'x' : text);
      if (!parsed.ok) found[product.id] = parsed.message;
      else if (parsed.stock !== product.stock)
        lines.push({ productId: product.id, stock: parsed.stock });
    }
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) {
      form.ownerDocument.getElementById(fieldId(formId, first))?.focus();
      return null;
    }
    return lines;
  }

  function submit(event: FormEvent<HTMLFormElement>, products: Product[]) {
    event.preventDefault();
    const lines = linesFor(products, event.currentTarget);
    if (lines === null) return;
    if (lines.length === 0) {
      toast({ title: 'Nothing to save', description: 'No stock number was changed.' });
      stop();
      return;
    }
    save.mutate(lines, {
      onSuccess: (answer) => {
        toast({ title: 'Stock saved', description: answer.message });
        stop();
      },
      onError: (error) => {
        const named = error instanceof ApiError ? error.details : undefined;
        const rows = Object.fromEntries(
          (named ?? []).flatMap((detail) =>
            detail.productId ? [[detail.productId, detail.message]] : [],
          ),
        );
        setProblems(rows);
        toast({
          variant: 'destructive',
          title: 'No stock was changed',
          description: messageOrFailedTo(error, 'update stock'),
        });
      },
    });
  }

  return {
    active: typed !== null,
    formId,
    saving: save.isPending,
    start,
    stop,
    submit,
    field: (product: Product) => ({
      id: fieldId(formId, product.id),
      value: typed?.[product.id] ?? String(product.stock),
      problem: problems[product.id] ?? null,
      onChange: (value: string) => type(product.id, value),
    }),
    /** How many rows hold a number other than the saved one. */
    changed: (products: Product[]) =>
      products.filter((product) => {
        const text = typed?.[product.id];
        return text !== undefined && text.trim() !== String(product.stock);
      }).length,
  };
}

function fieldId(formId: string, productId: string): string {
  return `${formId}-stock-${productId}`;
}

type BulkStock = ReturnType<typeof useBulkStock>;

/** One row's number field while the whole list's stock is being changed. */
export function BulkStockField({ product, bulk }: { product: Product; bulk: BulkStock }) {
  const field = bulk.field(product);
  const problemId = `${field.id}-problem`;
  return (
    <div className="grid justify-items-start gap-1">
      <label htmlFor={field.id} className="sr-only">
        New stock of {product.name}
      </label>
      <Input
        id={field.id}
        form={bulk.formId}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_STOCK}
        step={1}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        disabled={bulk.saving}
        aria-invalid={field.problem ? true : undefined}
        aria-describedby={field.problem ? problemId : undefined}
        className={cn(
          'h-10 w-24 text-center font-semibold tabular-nums',
          plainNumberField,
          field.value.trim() !== String(product.stock) && 'border-leaf bg-leaf-soft',
        )}
      />
      {field.problem && (
        <p id={problemId} className="max-w-44 text-danger text-xs">
          {field.problem}
        </p>
      )}
    </div>
  );
}

/**
 * The bar that saves or drops every typed number. It is the form the fields belong to, so Enter
 * in any of them saves; it stays in view at the bottom of the screen while a long list scrolls.
 */
export function BulkStockBar({ products, bulk }: { products: Product[]; bulk: BulkStock }) {
  const changed = bulk.changed(products);
  return (
    <form
      id={bulk.formId}
      aria-label="Change stock"
      onSubmit={(event) => bulk.submit(event, products)}
      className="sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 shadow-lg"
    >
      <p className="min-w-48 flex-1 text-ink text-sm" aria-live="polite">
        {changed === 0
          ? 'Type the new stock of each product, then save them all at once.'
          : `${changed} ${changed === 1 ? 'product' : 'products'} changed, not saved yet.`}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="ghost" onClick={bulk.stop} disabled={bulk.saving}>
          <X aria-hidden className="size-4" />
          Cancel
        </Button>
        <Button type="submit" disabled={bulk.saving}>
          {bulk.saving ? (
            <Loader2 aria-hidden className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden className="size-4" />
          )}
          Save stock
        </Button>
      </div>
    </form>
  );
}
