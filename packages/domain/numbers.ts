/**
 * A count as US English writes it: 1234567 -> "1,234,567". Written out rather than with
 * `Intl.NumberFormat` (`numbers.test.ts` checks they agree): the first `Intl` formatter a page makes
 * loads the browser's locale data, 30 to 50 ms of main thread in one piece, and a farm's page shows
 * its product count in its first screen.
 */
export function formatCount(count: number): string {
  const whole = Math.round(count);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+$)/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}
