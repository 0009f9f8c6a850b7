import type { FarmAnalytics } from '@furrow/domain/api/analytics';
import { formatLongDate } from '@furrow/domain/dates';
import { ChartTable } from '../../components/ui/chart-table';

type Day = FarmAnalytics['days'][number];

interface DailyChartProps {
  title: string;
  days: Day[];
  value: (day: Day) => number;
  format: (value: number) => string;
  total: string;
}

const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDate = (day: string | undefined) =>
  day ? short.format(new Date(`${day}T00:00:00Z`)) : '';

/**
 * One figure per day as SVG bars, today in the harvest colour. The figures are also in a visually
 * hidden table, so a screen reader reads them rather than the bars.
 */
export function DailyChart({ title, days, value, format, total }: DailyChartProps) {
  const values = days.map(value);
  const max = Math.max(1, ...values);
  const slot = 100 / Math.max(1, days.length);
  return (
    <figure className="grid gap-2">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-medium text-ink text-sm">{title}</span>
        <span className="text-ink-muted text-xs">30 days: {total}</span>
      </figcaption>
      <svg
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        className="h-24 w-full"
        aria-hidden="true"
      >
        {values.map((amount, index) => {
          const height = Math.max((amount / max) * 38, 0.8);
          return (
            <rect
              key={days[index]?.date}
              x={index * slot + slot * 0.15}
              y={40 - height}
              width={slot * 0.7}
              height={height}
              rx={0.6}
              className={index === values.length - 1 ? 'fill-harvest' : 'fill-leaf'}
            />
          );
        })}
      </svg>
      <div aria-hidden className="flex justify-between text-ink-muted text-xs">
        <span>{shortDate(days[0]?.date)}</span>
        <span>Today</span>
      </div>
      <ChartTable
        caption={`${title} per day`}
        columns={['Day', title]}
        rows={days.map((day, index) => ({
          key: day.date,
          label: formatLongDate(`${day.date}T00:00:00Z`),
          value: format(values[index] ?? 0),
        }))}
      />
    </figure>
  );
}
