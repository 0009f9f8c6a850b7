import type { SubscriptionAnswer } from '@furrow/domain/api/subscriptions';
import { formatLongDate, toDate } from '@furrow/domain/dates';
import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import { getPlan } from '@furrow/domain/plans';
import { cycleChargeCents, type SubscriptionStatus } from '@furrow/domain/subscriptions';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { paths } from '../../lib/paths';
import { CancelPlanDialog } from './cancel-plan-dialog';
import { ChangePlanDialog } from './change-plan-dialog';

const statusLook: Record<
  SubscriptionStatus,
  { label: string; tone: 'leaf' | 'harvest' | 'danger' | 'neutral' }
> = {
  trial: { label: 'Trial', tone: 'harvest' },
  active: { label: 'Active', tone: 'leaf' },
  past_due: { label: 'Past due', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

/** What the farmer holds: plan, status, price, the dates that matter, and what they can do next. */
export function PlanSummary({ subscription }: { subscription: SubscriptionAnswer }) {
  const plan = getPlan(subscription.planId);
  const status = statusLook[subscription.status];
  const annual = subscription.billingCycle === 'annual';
  const chargeCents = cycleChargeCents(plan, subscription.billingCycle);
  const cancelled = subscription.status === 'cancelled';
  const scheduled = subscription.scheduledChange;

  return (
    <Card role="region" className="grid gap-5 p-6" aria-labelledby="plan-heading">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="plan-heading" className="font-semibold text-2xl text-ink">
          {subscription.planName} plan
        </h2>
        <Badge tone={status.tone}>
          <span className="sr-only">Status: </span>
          {status.label}
        </Badge>
      </div>
      <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        <Detail term="Billing">
          {annual ? 'Annual' : 'Monthly'}: {formatUsd(chargeCents)} {annual ? 'a year' : 'a month'}
          {annual && (
            <span className="block text-ink-muted text-sm">
              {formatUsd(dollarsToCents(subscription.price))} a month
            </span>
          )}
        </Detail>
        <Detail term="Started">{formatLongDate(subscription.startDate)}</Detail>
        {subscription.trialEndsAt && !cancelled && (
          <Detail
            term={toDate(subscription.trialEndsAt) > new Date() ? 'Trial ends' : 'Trial ended'}
          >
            {formatLongDate(subscription.trialEndsAt)}
          </Detail>
        )}
        <Detail term="Next billing date">
          {subscription.nextBillingDate && !cancelled
            ? formatLongDate(subscription.nextBillingDate)
            : 'None: the plan does not renew'}
        </Detail>
      </dl>
      {scheduled && !cancelled && (
        <p className="rounded-lg bg-sunken p-3 text-ink text-sm">
          You move to {getPlan(scheduled.planId).name} ({scheduled.billingCycle})
          {scheduled.from ? ` on ${formatLongDate(scheduled.from)}` : ' at the end of this period'},
          when the period you paid for ends.
        </p>
      )}
      {subscription.status === 'past_due' && (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-danger text-sm">
          The last payment did not go through. Add a payment method below; your farms take no orders
          until the plan is paid.
        </p>
      )}
      {cancelled ? (
        <div className="grid justify-items-start gap-3">
          {subscription.cancelReason && (
            <p className="text-ink-muted">You told us: “{subscription.cancelReason}”</p>
          )}
          <Button asChild>
            <Link to={paths.farmerPlans}>Choose a new plan</Link>
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          <ChangePlanDialog subscription={subscription} />
          <CancelPlanDialog subscription={subscription} />
        </div>
      )}
    </Card>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-ink-muted text-sm">{term}</dt>
      <dd className="font-medium text-ink">{children}</dd>
    </div>
  );
}
