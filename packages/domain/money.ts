/**
 * Money is integer cents everywhere inside Furrow and a decimal number of US dollars in the API
 * (DESIGN section 3). These are the only places that cross between the two.
 */

/**
 * USD display (spec 9): 599 -> "$5.99", 123450 -> "$1,234.50", -250 -> "-$2.50". Written out rather
 * than with `Intl.NumberFormat`: the first `Intl` formatter a page makes loads the browser's locale
 * data, 50-90 ms of main thread on this machine (four times that on Lighthouse's slow phone), and
 * the landing page made it while it started.
 */
export function formatUsd(cents: number): string {
  const rounded = Math.round(cents);
  const whole = Math.abs(rounded);
  const dollars = withThousands(Math.floor(whole / 100));
  return `${rounded < 0 ? '-' : ''}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** 1234567 -> "1,234,567", as en-US groups the digits of a whole number. */
export function withThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
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
