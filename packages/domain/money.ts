/**
 * Money is integer cents everywhere inside Furrow and a decimal number of US dollars in the API
 * These are the only places that cross between the two.
 */
import { formatCount } from './numbers';

/**
 * USD display: 599 -> "$5.99", 123450 -> "$1,234.50", -250 -> "-$2.50". Written out rather
 * than with `Intl.NumberFormat` (`money.test.ts` checks they agree): the first `Intl` formatter a
 * page makes loads the browser's locale data, 25 to 50 ms of main thread in one piece on this
 * machine (100 to 200 ms under Lighthouse's 4x slow-down), and the landing page's product cards are
 * the first thing that shows a price.
 */
export function formatUsd(cents: number): string {
  const whole = Math.round(cents);
  const size = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}$${formatCount(Math.floor(size / 100))}.${String(size % 100).padStart(2, '0')}`;
}

/**
 * Rounds rather than truncates because 9.99 * 100 is 998.9999999999999 in binary floating point.
 * `|| 0` turns a negative zero (from e.g. -0.001) into a plain 0.
 */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100) || 0;
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
