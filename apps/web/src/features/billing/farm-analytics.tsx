import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import { formatCount } from '@furrow/domain/numbers';
import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useFarmAnalytics } from './billing-api';
import { DailyChart } from './daily-chart';

const usd = (dollars: number) => formatUsd(dollarsToCents(dollars));

/** Views, orders and revenue per day over the last 30 days, one farm at a time. */
export function FarmAnalytics({ farms }: { farms: { id: string; name: string }[] }) {
  const [farmId, setFarmId] = useState(farms[0]?.id);
  const chosen = farms.find((farm) => farm.id === farmId) ?? farms[0];
  return (
    <Card className="grid gap-5 p-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="font-semibold text-ink text-xl">Last 30 days</h2>
          <p className="text-ink-muted text-sm">
            Visits to your farm and product pages, orders placed and what they were worth.
          </p>
        </div>
        {farms.length > 1 && chosen && (
          <SelectField
            label="Farm"
            value={chosen.id}
            onChange={(event) => setFarmId(event.target.value)}
            className="min-w-48"
          >
            {farms.map((farm) => (
              <option key={farm.id} value={farm.id}>
                {farm.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {chosen ? (
        <FarmCharts farmId={chosen.id} />
      ) : (
        <p className="text-ink-muted">Create a farm to see its visits, orders and revenue here.</p>
      )}
    </Card>
  );
}

function FarmCharts({ farmId }: { farmId: string }) {
  const analytics = useFarmAnalytics(farmId);
  if (analytics.isPending) return <Skeleton className="h-40" />;
  if (analytics.isError)
    return (
      <LoadError onRetry={() => void analytics.refetch()}>
        The figures could not be loaded: {analytics.error.message}
      </LoadError>
    );
  const { days, totals } = analytics.data;
  const quiet = totals.views === 0 && totals.conversions === 0;
  return (
    <div className="grid gap-4">
      {quiet && (
        <p className="text-ink-muted">
          Nothing yet: the charts fill in as shoppers visit your farm page and order.
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-3">
        <DailyChart
          title="Views"
          days={days}
          value={(day) => day.views}
          format={formatCount}
          total={formatCount(totals.views)}
        />
        <DailyChart
          title="Orders"
          days={days}
          value={(day) => day.orders}
          format={formatCount}
          total={formatCount(totals.conversions)}
        />
        <DailyChart
          title="Revenue"
          days={days}
          value={(day) => day.revenue}
          format={usd}
          total={usd(totals.revenue)}
        />
      </div>
    </div>
  );
}
