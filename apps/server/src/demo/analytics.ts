import { ANALYTICS_DAYS, type DailyStats, lastDays } from '@furrow/domain/analytics';

/** A repeatable number in [0, 1) for a farm and a day: the same demo every time it is seeded. */
function noise(farmIndex: number, dayIndex: number, salt: number): number {
  const x = Math.sin(farmIndex * 127.1 + dayIndex * 311.7 + salt * 74.7) * 43_758.5453;
  return x - Math.floor(x);
}

/**
 * A demo farm's last 30 days of trading, shaped like a small farm's: busier towards the weekend
 * market, slowly growing, the demo farmer's farm the busiest. Orders are a few percent of visits,
 * at a basket of $15 to $45.
 */
export function demoDailyStats(farmIndex: number, now: Date): DailyStats[] {
  const scale = farmIndex === 0 ? 1 : 0.35 + noise(farmIndex, 0, 9) * 0.5;
  return lastDays(now, ANALYTICS_DAYS).map((day, dayIndex) => {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 5 || weekday === 6 ? 1.6 : weekday === 0 ? 1.2 : 1;
    const growth = 0.8 + (0.4 * dayIndex) / ANALYTICS_DAYS;
    const farmViews = Math.round(
      (18 + noise(farmIndex, dayIndex, 1) * 22) * weekend * growth * scale,
    );
    const productViews = Math.round(farmViews * (1.6 + noise(farmIndex, dayIndex, 2)));
    const orders = Math.round(
      (farmViews + productViews) * (0.02 + noise(farmIndex, dayIndex, 3) * 0.04),
    );
    let revenueCents = 0;
    for (let order = 0; order < orders; order++) {
      revenueCents += 1500 + Math.round(noise(farmIndex, dayIndex * 31 + order, 4) * 3000);
    }
    return { day, farmViews, productViews, orders, revenueCents };
  });
}
