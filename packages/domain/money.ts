/**
 * Money is integer cents everywhere inside Furrow and a decimal number of US dollars in the API
 * (DESIGN section 3). These are the only places that cross between the two.
 */

// Marked pure so that a bundle which never shows money (the first-paint check) leaves it out: making
// one costs the browser's main thread tens of milliseconds on a slow phone.
const usd = /* @__PURE__ */ new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** USD display (spec 9): 599 -> "$5.99", 123450 -> "$1,234.50". */
export function formatUsd(cents: number): string {
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
