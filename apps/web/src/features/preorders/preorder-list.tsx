import type { PreOrder } from '@furrow/domain/api/preorders';
import { formatLongDate } from '@furrow/domain/dates';
import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import { MAX_PREORDER_QUANTITY } from '@furrow/domain/preorders';
import { Sprout } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { messageOrFailedTo } from '../../lib/failure-message';
import { paths } from '../../lib/paths';
import { usePreorders } from './preorders-context';

const statusBadges = {
  pending: { tone: 'harvest', label: 'Waiting for stock' },
  filled: { tone: 'leaf', label: 'Became an order' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
} as const;

/** The customer's pre-orders, read when the list opens; waiting ones can change or be cancelled. */
export function PreorderList() {
  const { preOrders, loading, error, load } = usePreorders();
  useEffect(() => {
    void load();
  }, [load]);

  if (error) {
    return (
      <LoadError onRetry={() => void load()}>We could not load your pre-orders. {error}</LoadError>
    );
  }
  if (loading && preOrders.length === 0) {
    return (
      <div role="status" aria-label="Loading your pre-orders" className="grid gap-4">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (preOrders.length === 0) {
    return (
      <div className="grid justify-items-center gap-4 rounded-2xl border border-line border-dashed bg-surface px-6 py-12 text-center text-ink-muted">
        <Sprout aria-hidden className="size-8 text-leaf" />
        <h2 className="font-semibold text-ink text-xl">No pre-orders yet</h2>
        <p>
          When something you want is sold out or not harvested yet, pre-order it on its page: it
          becomes an order as soon as the farm has it.
        </p>
        <Button asChild>
          <Link to={paths.home}>Browse food near you</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4" aria-busy={loading || undefined}>
      {preOrders.map((preOrder) => (
        <li key={preOrder.id}>
          <PreorderCard preOrder={preOrder} />
        </li>
      ))}
    </ul>
  );
}

function PreorderCard({ preOrder }: { preOrder: PreOrder }) {
  const headingId = useId();
  const { product } = preOrder;
  const badge = statusBadges[preOrder.status];
  return (
    <Card role="article" aria-labelledby={headingId} className="grid gap-3 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-lg">
          <Link
            to={generatePath(paths.product, { id: product.id })}
            className="underline-offset-4 hover:underline"
          >
            {preOrder.quantity} × {product.name}
          </Link>
        </h2>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <p className="text-ink-muted text-sm">
        {product.farm.name} · {formatUsd(dollarsToCents(product.price))} / {product.unit}
        {product.availableFrom && ` · harvest from ${formatLongDate(product.availableFrom)}`}
      </p>
      {preOrder.order && (
        <p className="text-sm">
          Now order{' '}
          <Link
            to={generatePath(paths.order, { id: preOrder.order.id })}
            className="font-medium text-leaf-ink underline underline-offset-4"
          >
            {preOrder.order.number}
          </Link>
          , for pickup at the farm.
        </p>
      )}
      {preOrder.status === 'pending' && (
        <div className="flex flex-wrap items-end justify-between gap-2">
          <ChangeQuantityForm preOrder={preOrder} />
          <CancelPreorderDialog preOrder={preOrder} />
        </div>
      )}
    </Card>
  );
}

function ChangeQuantityForm({ preOrder }: { preOrder: PreOrder }) {
  const { change } = usePreorders();
  const { toast } = useToast();
  const [quantity, setQuantity] = useState(String(preOrder.quantity));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const wanted = Number(quantity);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_PREORDER_QUANTITY) {
      setError(`A whole number from 1 to ${MAX_PREORDER_QUANTITY}`);
      return;
    }
    setSaving(true);
    try {
      await change(preOrder.id, { productId: preOrder.product.id, quantity: wanted });
      toast({ title: 'Pre-order updated', description: `${wanted} × ${preOrder.product.name}` });
    } catch (failure) {
      toast({
        title: 'The pre-order did not change',
        description: messageOrFailedTo(failure, 'change the pre-order'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <TextField
        label={
          <>
            Quantity<span className="sr-only"> of {preOrder.product.name}</span>
          </>
        }
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_PREORDER_QUANTITY}
        value={quantity}
        onChange={(event) => {
          setQuantity(event.target.value);
          setError(undefined);
        }}
        error={error}
        className="w-28"
      />
      <Button
        type="submit"
        variant="secondary"
        loading={saving}
        disabled={wanted === preOrder.quantity}
      >
        Save
      </Button>
    </form>
  );
}

function CancelPreorderDialog({ preOrder }: { preOrder: PreOrder }) {
  const { cancel } = usePreorders();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await cancel(preOrder.id);
      setOpen(false);
      toast({ title: 'Pre-order cancelled', description: preOrder.product.name });
    } catch (failure) {
      toast({
        title: 'The pre-order was not cancelled',
        description: messageOrFailedTo(failure, 'cancel the pre-order'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" className="text-danger">
          Cancel pre-order
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title={`Cancel your pre-order of ${preOrder.product.name}?`}
      description={`You lose your place in the queue for ${preOrder.product.farm.name}'s next harvest.`}
      cancelLabel="Keep it"
      confirmLabel="Cancel pre-order"
      destructive
      pending={busy}
      onConfirm={() => void confirm()}
    />
  );
}
