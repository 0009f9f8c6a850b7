import { z } from 'zod';

const day = z.iso.date();
const count = z.number().int().min(0);

/** One UTC day of a farm's trading; `revenue` in dollars. */
export const analyticsDay = z.object({
  date: day,
  views: count,
  farmViews: count,
  productViews: count,
  orders: count,
  revenue: z.number(),
});

/** `GET /api/farms/{id}/analytics`: the last 30 days, oldest first, every day present. */
export const farmAnalyticsAnswer = z.object({
  farmId: z.uuid(),
  days: z.array(analyticsDay),
  totals: z.object({ views: count, conversions: count, revenue: z.number() }),
});
export type FarmAnalytics = z.infer<typeof farmAnalyticsAnswer>;
