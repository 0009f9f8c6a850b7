import type { PreOrder } from '@furrow/domain/api/preorders';
import { formatLongDate } from '@furrow/domain/dates';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { api } from '../../lib/api-client';
import { farmPreorderKeys } from '../../lib/query-keys';

interface Waiting {
  product: PreOrder['product'];
  quantity: number;
  customers: string[];
}

/** Pending pre-orders added up per product: how much the next harvest or restock should bring. */
export function waitingByProduct(preOrders: readonly PreOrder[]): Waiting[] {
  const byProduct = new Map<string, Waiting>();
  for (const preOrder of preOrders) {
    if (preOrder.status !== 'pending') continue;
    const entry = byProduct.get(preOrder.product.id) ?? {
      product: preOrder.product,
      quantity: 0,
      customers: [],
    };
    entry.quantity += preOrder.quantity;
    entry.customers.push(preOrder.customer.name);
    byProduct.set(preOrder.product.id, entry);
  }
  return [...byProduct.values()].sort((a, b) => a.product.name.localeCompare(b.product.name));
}

/** The farmer's products that customers are waiting for; adding stock fills them oldest first. */
export function WaitingPreorders() {
  const preOrders = useQuery({
    queryKey: farmPreorderKeys.pending,
    queryFn: ({ signal }) =>
      api
        .get<{ preOrders: PreOrder[] }>('/api/preorders', { query: { status: 'pending' }, signal })
        .then((answer) => answer.preOrders),
  });

  if (preOrders.isPending) return <Skeleton className="h-24" />;
  if (preOrders.isError) {
    return (
      <LoadError onRetry={() => preOrders.refetch()}>
        We could not load the pre-orders. {preOrders.error.message}
      </LoadError>
    );
  }
  const waiting = waitingByProduct(preOrders.data);
  if (waiting.length === 0) {
    return <p className="text-ink-muted">No customer is waiting for a product of yours.</p>;
  }
  return (
    <Card className="px-4 sm:px-6">
      <ul className="divide-y divide-line">
        {waiting.map(({ product, quantity, customers }) => (
          <li key={product.id} className="grid gap-1 py-3">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">
                {product.name} <span className="text-ink-muted text-sm">· {product.farm.name}</span>
              </span>
              <span className="font-semibold tabular-nums">
                {quantity} {product.unit}
              </span>
            </p>
            <p className="text-ink-muted text-sm">
              {customers.length} {customers.length === 1 ? 'pre-order' : 'pre-orders'}:{' '}
              {customers.join(', ')}
              {product.availableFrom && ` · harvest from ${formatLongDate(product.availableFrom)}`}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
