import { formatUsd } from '@furrow/domain/money';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useAdminOverview } from './admin-api';
import { WeeklyChart } from './weekly-chart';

/** The admin's figures at a glance: farms by status, people, and the last weeks' orders and sales. */
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
  const { farms, farmers, customers, weeks } = overview.data;
  const stats = [
    { label: 'Active farms', value: farms.active },
    { label: 'Suspended farms', value: farms.suspended },
    { label: 'Farmers', value: farmers },
    { label: 'Customers', value: customers },
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((stat) => (
          <Card key={stat.label} className="grid gap-1 p-4">
            <dt className="text-ink-muted text-sm">{stat.label}</dt>
            <dd className="font-semibold text-2xl text-ink">
              {stat.value.toLocaleString('en-US')}
            </dd>
          </Card>
        ))}
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="p-4">
          <WeeklyChart
            title="Orders"
            weeks={weeks}
            value={(week) => week.orders}
            format={(value) => value.toLocaleString('en-US')}
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
