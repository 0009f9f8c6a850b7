import type { FarmGroup } from '@furrow/domain/cart';
import { formatUsd } from '@furrow/domain/money';
import { type ReactNode, useId } from 'react';
import { Card } from '../../components/ui/card';

interface OrderSummaryProps {
  farms: readonly FarmGroup[];
  /** The delivery fees of the farms that deliver. */
  feeCents: number;
  /** The cart's total before fees. */
  totalCents: number;
  /** The button that places the order. */
  children: ReactNode;
}

/** Subtotal per farm, delivery, the total, and Place order, beside the form on a desktop. */
export function OrderSummary({ farms, feeCents, totalCents, children }: OrderSummaryProps) {
  const headingId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className="grid gap-3 p-4 sm:p-6 lg:sticky lg:top-24"
    >
      <h2 id={headingId} className="font-semibold text-lg">
        Order summary
      </h2>
      {farms.map((group) => (
        <p key={group.farmId} className="flex justify-between gap-4 text-ink-muted">
          <span>{group.farmName}</span>
          <span className="tabular-nums">{formatUsd(group.subtotalCents)}</span>
        </p>
      ))}
      {feeCents > 0 && (
        <p className="flex justify-between gap-4 text-ink-muted">
          <span>Delivery</span>
          <span className="tabular-nums">{formatUsd(feeCents)}</span>
        </p>
      )}
      <p className="flex items-baseline justify-between border-line border-t pt-3">
        <span className="font-semibold">Total</span>
        <span className="font-semibold text-2xl tabular-nums">
          {formatUsd(totalCents + feeCents)}
        </span>
      </p>
      <p className="text-ink-muted text-sm">
        {farms.length > 1
          ? `One order per farm: ${farms.length} orders, each paid to its farm.`
          : 'You pay the farm directly.'}
      </p>
      {children}
    </Card>
  );
}
