/**
 * A farm's trading per day: page views, orders placed and their value. Days are UTC calendar
 * days (`YYYY-MM-DD`), like every other date of the product (dates.ts).
 */

import { DAY_MS } from './dates';

/** The window the owner sees and `usageStats.analyticsUsage` adds up. */
export const ANALYTICS_DAYS = 30;

export interface DailyStats {
  day: string;
  farmViews: number;
  productViews: number;
  orders: number;
  revenueCents: number;
}

/** The UTC calendar day of an instant. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The last `count` UTC days up to and including `now`'s, oldest first. */
export function lastDays(now: Date, count: number = ANALYTICS_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    dayOf(new Date(today - (count - 1 - index) * DAY_MS)),
  );
}

const emptyDay = (day: string): DailyStats => ({
  day,
  farmViews: 0,
  productViews: 0,
  orders: 0,
  revenueCents: 0,
});

/**
 * One entry per day of `days`, in their order: the stored rows added up (several farms may share
 * a day) and a day with no row as zeros, so a chart has no gaps. Rows outside the window are left out.
 */
export function dailySeries(days: readonly string[], rows: readonly DailyStats[]): DailyStats[] {
  const byDay = new Map(days.map((day) => [day, emptyDay(day)]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.farmViews += row.farmViews;
    entry.productViews += row.productViews;
    entry.orders += row.orders;
    entry.revenueCents += row.revenueCents;
  }
  return days.map((day) => byDay.get(day) ?? emptyDay(day));
}

/**
 * A subscription's `analyticsUsage`: views of the farm's pages and products, conversions, revenue.
 */
export interface AnalyticsTotals {
  views: number;
  conversions: number;
  revenueCents: number;
}

export function analyticsTotals(series: readonly DailyStats[]): AnalyticsTotals {
  return series.reduce<AnalyticsTotals>(
    (sum, day) => ({
      views: sum.views + day.farmViews + day.productViews,
      conversions: sum.conversions + day.orders,
      revenueCents: sum.revenueCents + day.revenueCents,
    }),
    { views: 0, conversions: 0, revenueCents: 0 },
  );
}
