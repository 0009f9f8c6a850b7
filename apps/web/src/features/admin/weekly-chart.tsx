import type { AdminOverview } from '@furrow/domain/api/admin';
import { formatLongDate } from '@furrow/domain/dates';
import { ChartTable } from '../../components/ui/chart-table';

interface WeeklyChartProps {
  title: string;
  weeks: AdminOverview['weeks'];
  value: (week: AdminOverview['weeks'][number]) => number;
  format: (value: number) => string;
}

/**
 * A small bar chart of the last weeks, drawn as SVG. The figures are also in a visually hidden
 * table, so a screen reader reads them rather than the bars.
 */
export function WeeklyChart({ title, weeks, value, format }: WeeklyChartProps) {
  const values = weeks.map(value);
  const max = Math.max(1, ...values);
  const barWidth = 100 / Math.max(1, weeks.length);
  const latest = values.at(-1) ?? 0;
  return (
    <figure className="grid gap-2">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-medium text-ink text-sm">{title}</span>
        <span className="text-ink-muted text-xs">This week: {format(latest)}</span>
      </figcaption>
      <svg
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        className="h-20 w-full"
        aria-hidden="true"
      >
        {values.map((amount, index) => {
          const height = (amount / max) * 38;
          return (
            <rect
              // Weeks are fixed slots: the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: the slot is the week
              key={index}
              x={index * barWidth + barWidth * 0.15}
              y={40 - Math.max(height, 0.8)}
              width={barWidth * 0.7}
              height={Math.max(height, 0.8)}
              rx={1}
              className={index === values.length - 1 ? 'fill-harvest' : 'fill-leaf'}
            />
          );
        })}
      </svg>
      {weeks.length > 0 && (
        <div aria-hidden className="flex justify-between text-ink-muted text-xs">
          <span>{shortDate(weeks[0]?.weekStart)}</span>
          <span>Week of {shortDate(weeks.at(-1)?.weekStart)}</span>
        </div>
      )}
      <ChartTable
        caption={`${title} per week`}
        columns={['Week of', title]}
        rows={weeks.map((week, index) => ({
          key: week.weekStart,
          label: formatLongDate(`${week.weekStart}T00:00:00Z`),
          value: format(values[index] ?? 0),
        }))}
      />
    </figure>
  );
}

const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function shortDate(day: string | undefined): string {
  return day ? short.format(new Date(`${day}T00:00:00Z`)) : '';
}
