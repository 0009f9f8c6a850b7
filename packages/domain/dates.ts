/**
 * Date math and display. Everything is UTC: the server and every browser must agree on which day a
 * trial ends or a bill falls due, whatever time zone the machine or the farmer is in.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Accepts what the API carries (ISO 8601 strings) as well as `Date`s; refuses anything unparsable. */
export function toDate(value: Date | string): Date {
  const date = typeof value === 'string' ? new Date(value) : new Date(value.getTime());
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Invalid date: ${String(value)}`);
  }
  return date;
}

/** Exact 24-hour days: in UTC there is no daylight-saving day of 23 or 25 hours. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/**
 * Calendar months in UTC, keeping the time of day. A day the target month lacks becomes that
 * month's last day (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year), as card providers bill.
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  // Day 1 exists in every month, so moving the month first can never overflow into the next one.
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  result.setUTCDate(Math.min(day, daysInMonthUtc(result)));
  return result;
}

function daysInMonthUtc(date: Date): number {
  const lastDay = new Date(date.getTime());
  lastDay.setUTCDate(1);
  lastDay.setUTCMonth(lastDay.getUTCMonth() + 1);
  lastDay.setUTCDate(0);
  return lastDay.getUTCDate();
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * US long format: "November 21, 2026", of the UTC day: a date stored as midnight UTC would
 * otherwise show as the day before to anyone west of Greenwich. Written out rather than with
 * `Intl.DateTimeFormat` (`dates.test.ts` checks they agree), as `formatUsd` is: a product card on
 * the landing page may show a harvest date, and the first `Intl` formatter loads the locale data.
 */
export function formatLongDate(value: Date | string): string {
  const date = toDate(value);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * The Mondays (UTC, `YYYY-MM-DD`) that start the last `count` weeks up to and including `now`'s
 * week, oldest first: the x axis of the admin's weekly charts, the same as PostgreSQL's
 * `date_trunc('week', ...)`.
 */
export function weekStarts(now: Date, count: number): string[] {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return Array.from({ length: count }, (_, index) =>
    addDays(monday, -7 * (count - 1 - index))
      .toISOString()
      .slice(0, 10),
  );
}
