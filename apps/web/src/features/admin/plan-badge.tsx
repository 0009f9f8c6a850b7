import type { AdminFarm } from '@furrow/domain/api/admin';
import type { SubscriptionStatus } from '@furrow/domain/subscriptions';
import { Badge } from '../../components/ui/badge';

const statusBadges: Record<
  SubscriptionStatus,
  { label: string; tone: 'leaf' | 'harvest' | 'danger' | 'neutral' }
> = {
  active: { label: 'Paying', tone: 'leaf' },
  trial: { label: 'Trial', tone: 'harvest' },
  past_due: { label: 'Past due', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

/** A farm's plan as the admin reads it: "Basic · annual" and the subscription's status. */
export function PlanBadge({ subscription }: { subscription: AdminFarm['subscription'] }) {
  if (!subscription) return <span className="text-ink-muted">No plan</span>;
  const badge = statusBadges[subscription.status];
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="text-ink">
        {subscription.planName}
        <span className="text-ink-muted">
          {' '}
          · {subscription.billingCycle === 'annual' ? 'annual' : 'monthly'}
        </span>
      </span>
      <Badge tone={badge.tone}>{badge.label}</Badge>
    </span>
  );
}
