import type { AdminOverview } from '@furrow/domain/api/admin';
import { dollarsToCents, formatUsd } from '@furrow/domain/money';

/**
 * Each plan's subscriptions as a bar split into paying (active), trial and past due, with the
 * monthly revenue its paying ones bring. The counts are written out too, so the bar is decoration.
 */
export function PlanSubscriptions({ plans }: { plans: AdminOverview['subscriptionsByPlan'] }) {
  const widest = Math.max(1, ...plans.map((plan) => plan.active + plan.trial + plan.pastDue));
  const share = (count: number) => `${(count / widest) * 100}%`;
  return (
    <figure className="grid gap-3">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-ink text-sm">Subscriptions by plan</span>
        <span className="flex flex-wrap gap-3 text-ink-muted text-xs">
          <Key className="bg-leaf">Paying</Key>
          <Key className="bg-harvest">Trial</Key>
          <Key className="bg-danger">Past due</Key>
        </span>
      </figcaption>
      <ul className="grid gap-3">
        {plans.map((plan) => (
          <li key={plan.planId} className="grid gap-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium text-ink">{plan.planName}</span>
              <span className="text-ink-muted">
                {plan.active} paying · {plan.trial} trial
                {plan.pastDue > 0 && ` · ${plan.pastDue} past due`} ·{' '}
                <span className="text-ink tabular-nums">
                  {formatUsd(dollarsToCents(plan.mrr))}/mo
                </span>
              </span>
            </div>
            <div aria-hidden="true" className="flex h-2 overflow-hidden rounded-full bg-sunken">
              <span className="bg-leaf" style={{ width: share(plan.active) }} />
              <span className="bg-harvest" style={{ width: share(plan.trial) }} />
              <span className="bg-danger" style={{ width: share(plan.pastDue) }} />
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}

function Key({ className, children }: { className: string; children: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden="true" className={`size-2 rounded-full ${className}`} />
      {children}
    </span>
  );
}
