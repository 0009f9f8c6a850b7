import type { SubscriptionAnswer } from '@furrow/domain/api/subscriptions';
import { formatCount } from '@furrow/domain/numbers';
import { formatStorage, getPlan } from '@furrow/domain/plans';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

/**
 * Products, photo storage and API calls against the plan's limits (product rules: plans and
 * limits).
 */
export function UsageMeters({ subscription }: { subscription: SubscriptionAnswer }) {
  const plan = getPlan(subscription.planId);
  const usage = subscription.usageStats;
  return (
    <Card className="grid gap-5 p-6">
      <div className="grid gap-1">
        <h2 className="font-semibold text-ink text-xl">Usage</h2>
        <p className="text-ink-muted text-sm">
          Across all your farms. API calls count from the first of the month.
        </p>
      </div>
      <div className="grid gap-5 md:grid-cols-3">
        <Meter
          label="Products"
          used={usage.totalProducts}
          limit={plan.maxProducts}
          text={`${formatCount(usage.totalProducts)} of ${formatCount(plan.maxProducts)}`}
        />
        <Meter
          label="Photo storage"
          used={usage.storageUsed}
          limit={plan.storageLimit}
          text={`${formatStorage(usage.storageUsed)} of ${formatStorage(plan.storageLimit)}`}
        />
        <Meter
          label="API calls this month"
          used={usage.apiCalls}
          limit={plan.apiCallsLimit}
          text={`${formatCount(usage.apiCalls)} of ${formatCount(plan.apiCallsLimit)}`}
        />
      </div>
    </Card>
  );
}

function Meter({
  label,
  used,
  limit,
  text,
}: {
  label: string;
  used: number;
  limit: number;
  text: string;
}) {
  const share = limit > 0 ? Math.min(1, used / limit) : 1;
  const tone = share >= 1 ? 'bg-danger' : share >= 0.8 ? 'bg-harvest' : 'bg-leaf';
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-medium text-ink text-sm">{label}</span>
        <span className="text-ink text-sm">{text}</span>
      </div>
      {/* The words above say it all; the bar shows it at a glance. */}
      <div aria-hidden className="h-2 overflow-hidden rounded-full bg-sunken">
        <div className={cn('h-full rounded-full', tone)} style={{ width: `${share * 100}%` }} />
      </div>
      {share >= 1 && <p className="text-danger text-sm">Limit reached</p>}
    </div>
  );
}
