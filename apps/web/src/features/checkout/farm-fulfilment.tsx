import type { FarmGroup } from '@furrow/domain/cart';
import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import { Bike, Store } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ChoiceCard } from '../../components/ui/choice-card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatSlot } from '../../lib/pickup-time';
import { type CheckoutFarm, useCheckoutFarm, usePickupSlots } from './checkout-api';
import type { FulfilmentChoice } from './checkout-request';

/** Slots listed before "Show later times". */
const FIRST_SLOTS = 4;

interface FarmFulfilmentProps {
  group: FarmGroup;
  choice: FulfilmentChoice | undefined;
  onChange: (choice: FulfilmentChoice) => void;
  /** Why the form cannot be sent yet for this farm (no pickup time chosen). */
  error?: string | undefined;
}

/** One farm of the cart at checkout: pickup in one of its slots, or delivery when it delivers. */
export function FarmFulfilment({ group, choice, onChange, error }: FarmFulfilmentProps) {
  const headingId = useId();
  const farm = useCheckoutFarm(group.farmId);
  const itemCount = group.items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <Card role="region" aria-labelledby={headingId} className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-lg">
          {group.farmName}
        </h2>
        <p className="text-ink-muted text-sm">
          {itemCount} {itemCount === 1 ? 'item' : 'items'} ·{' '}
          <span className="tabular-nums">{formatUsd(group.subtotalCents)}</span>
        </p>
      </div>
      <ul className="grid gap-1 text-ink-muted text-sm">
        {group.items.map((item) => (
          <li key={item.productId}>
            {item.quantity} × {item.name}
          </li>
        ))}
      </ul>
      {farm.isPending ? (
        <div
          role="status"
          aria-label={`Loading the pickup and delivery options of ${group.farmName}`}
        >
          <Skeleton className="h-24" />
        </div>
      ) : farm.isError ? (
        <p role="alert" className="text-danger">
          We could not load how {group.farmName} hands over orders. {farm.error.message}
        </p>
      ) : (
        <MethodChoice
          farm={farm.data}
          subtotalCents={group.subtotalCents}
          choice={choice}
          onChange={onChange}
          error={error}
        />
      )}
    </Card>
  );
}

function MethodChoice({
  farm,
  subtotalCents,
  choice,
  onChange,
  error,
}: {
  farm: CheckoutFarm;
  subtotalCents: number;
  choice: FulfilmentChoice | undefined;
  onChange: (choice: FulfilmentChoice) => void;
  error: string | undefined;
}) {
  const name = useId();
  const minimumCents = dollarsToCents(farm.delivery.minimumOrder);
  const underMinimum = subtotalCents < minimumCents;
  if (!farm.pickup.enabled && !farm.delivery.enabled) {
    return (
      <p role="alert" className="text-danger">
        {farm.name} takes no pickup or delivery orders right now. Remove its products from your cart
        to order the rest.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">How do you want it?</legend>
        {farm.pickup.enabled && (
          <ChoiceCard
            name={name}
            checked={choice?.method === 'pickup'}
            onChange={() => onChange({ method: 'pickup' })}
            title={
              <span className="flex items-center gap-2">
                <Store aria-hidden className="size-4" /> Pick up at the farm
              </span>
            }
            description="Free"
          />
        )}
        {farm.delivery.enabled && (
          <ChoiceCard
            name={name}
            checked={choice?.method === 'delivery'}
            disabled={underMinimum}
            onChange={() => onChange({ method: 'delivery' })}
            title={
              <span className="flex items-center gap-2">
                <Bike aria-hidden className="size-4" /> Delivery
              </span>
            }
            description={deliveryTerms(farm, underMinimum ? minimumCents - subtotalCents : 0)}
          />
        )}
      </fieldset>
      {choice?.method === 'pickup' && (
        <PickupSlotChoice
          farm={farm}
          slotId={choice.slotId}
          onChange={(slotId) => onChange({ method: 'pickup', slotId })}
          error={error}
        />
      )}
    </div>
  );
}

function deliveryTerms(farm: CheckoutFarm, shortCents: number): string {
  const { fee, minimumOrder, radiusKm } = farm.delivery;
  const terms = [
    fee > 0 ? `${formatUsd(dollarsToCents(fee))} fee` : 'No fee',
    `within ${radiusKm} km of the farm`,
  ];
  if (minimumOrder > 0) terms.push(`orders of ${formatUsd(dollarsToCents(minimumOrder))} or more`);
  const line = terms.join(' · ');
  return shortCents > 0 ? `${line}. Add ${formatUsd(shortCents)} to have it delivered.` : line;
}

function PickupSlotChoice({
  farm,
  slotId,
  onChange,
  error,
}: {
  farm: CheckoutFarm;
  slotId: string | undefined;
  onChange: (slotId: string) => void;
  error: string | undefined;
}) {
  const name = useId();
  const errorId = useId();
  const slots = usePickupSlots(farm.id);
  const [showAll, setShowAll] = useState(false);
  if (slots.isPending) {
    return (
      <div role="status" aria-label="Loading pickup times">
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (slots.isError) {
    return (
      <p role="alert" className="text-danger">
        We could not load the pickup times. {slots.error.message}
      </p>
    );
  }
  if (slots.data.slots.length === 0) {
    // A farm without windows takes pickups on its own instructions (product rules: pickup and
    // delivery).
    return (
      <div className="rounded-xl bg-sunken p-3 text-sm">
        <p className="font-medium">Where and when to pick up</p>
        <p className="text-ink-muted">
          {farm.pickup.instructions || `${farm.name} will tell you when your order is ready.`}
        </p>
      </div>
    );
  }
  // A week of daily windows is a long list on a phone; the soonest few are what most people want.
  const shown = showAll ? slots.data.slots : slots.data.slots.slice(0, FIRST_SLOTS);
  const hidden = slots.data.slots.length - shown.length;
  return (
    <fieldset
      className="grid gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-2 font-medium text-sm">Pickup time</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {shown.map((slot) => {
          const full = slot.remaining === 0;
          return (
            <ChoiceCard
              key={slot.id}
              name={name}
              value={slot.id}
              checked={slotId === slot.id}
              disabled={full}
              onChange={() => onChange(slot.id)}
              title={formatSlot(slot)}
              description={
                full
                  ? `${slot.place} · Full`
                  : slot.remaining !== null && slot.remaining <= 3
                    ? `${slot.place} · ${slot.remaining} left`
                    : slot.place
              }
            />
          );
        })}
      </div>
      {hidden > 0 && (
        <Button variant="ghost" className="w-fit text-leaf-ink" onClick={() => setShowAll(true)}>
          Show {hidden} later {hidden === 1 ? 'time' : 'times'}
        </Button>
      )}
      {error && (
        <p id={errorId} className="text-danger text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}
