/**
 * Money is integer cents everywhere inside Furrow and a decimal number of US dollars in the API
 * (DESIGN section 3). These are the only places that cross between the two.
 */

// Made on first use: the first `Intl` formatter a page makes loads the browser's locale data, tens
// of milliseconds of a slow phone's main thread, and the landing page shows no price while it starts.
let usd: Intl.NumberFormat | undefined;

/** USD display (spec 9): 599 -> "$5.99", 123450 -> "$1,234.50". */
export function formatUsd(cents: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(Math.round(cents) / 100);
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
