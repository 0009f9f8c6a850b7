import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import { formatCount } from '@furrow/domain/numbers';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useAdminOverview } from './admin-api';
import { PlanSubscriptions } from './plan-subscriptions';
import { WeeklyChart } from './weekly-chart';

/**
 * The admin's figures at a glance: farms by status, people, monthly recurring revenue and
 * subscriptions by plan, and the last weeks' orders and sales.
 */
export function AdminOverview() {
  const overview = useAdminOverview();
  if (overview.isPending) {
    return (
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} className="h-24" />
        ))}
      </div>
    );
  }
  if (overview.isError) {
    return (
      <LoadError onRetry={() => void overview.refetch()}>
        The overview could not be loaded: {overview.error.message}
      </LoadError>
    );
  }
  const { farms, farmers, customers, weeks, mrr, trialMrr, subscriptionsByPlan } = overview.data;
  const paying = subscriptionsByPlan.reduce((sum, plan) => sum + plan.active, 0);
  const trials = subscriptionsByPlan.reduce((sum, plan) => sum + plan.trial, 0);
  const stats = [
    { label: 'Active farms', value: formatCount(farms.active) },
    { label: 'Suspended farms', value: formatCount(farms.suspended) },
    { label: 'Farmers', value: formatCount(farmers) },
    { label: 'Customers', value: formatCount(customers) },
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((stat) => (
          <Card key={stat.label} className="grid gap-1 p-4">
            <dt className="text-ink-muted text-sm">{stat.label}</dt>
            <dd className="font-semibold text-2xl text-ink">{stat.value}</dd>
          </Card>
        ))}
      </dl>
      <div className="grid gap-4 md:grid-cols-[minmax(0,18rem)_1fr]">
        <Card className="grid content-start gap-1 p-4">
          <h2 className="text-ink-muted text-sm">Monthly recurring revenue</h2>
          <p className="font-semibold text-2xl text-ink tabular-nums">
            {formatUsd(dollarsToCents(mrr))}
          </p>
          <p className="text-ink-muted text-xs">
            From {formatCount(paying)} paying {paying === 1 ? 'plan' : 'plans'}; annual plans count
            as a twelfth of their price. {formatCount(trials)} {trials === 1 ? 'trial' : 'trials'}{' '}
            would add {formatUsd(dollarsToCents(trialMrr))} once paid.
          </p>
        </Card>
        <Card className="p-4">
          <PlanSubscriptions plans={subscriptionsByPlan} />
        </Card>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="p-4">
          <WeeklyChart
            title="Orders"
            weeks={weeks}
            value={(week) => week.orders}
            format={formatCount}
          />
        </Card>
        <Card className="p-4">
          <WeeklyChart
            title="Sales"
            weeks={weeks}
            value={(week) => week.sales}
            format={(value) => formatUsd(Math.round(value * 100))}
          />
        </Card>
      </div>
    </div>
  );
}
