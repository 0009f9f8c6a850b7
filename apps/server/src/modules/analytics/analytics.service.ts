import {
  type AnalyticsTotals,
  analyticsTotals,
  type DailyStats,
  dailySeries,
  dayOf,
  lastDays,
} from '@furrow/domain/analytics';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { farms } from '../farms/farms.schema';
import { farmDailyStats } from './analytics.schema';

const columns = {
  day: farmDailyStats.day,
  farmViews: farmDailyStats.farmViews,
  productViews: farmDailyStats.productViews,
  orders: farmDailyStats.orders,
  revenueCents: farmDailyStats.revenueCents,
};

/** An order as the day's figures take it: its farm, when it was placed, and what it is worth. */
interface PlacedOrder {
  farmId: string;
  placedAt: Date;
  totalCents: number;
}

/**
 * Subscribed to `order.placed` and `order.paid`: the order joins its farm's figures on the day it
 * was ordered, in the transaction that placed it, so that the figures move exactly when the order
 * does. A card order counts once paid.
 */
export async function countOrder(tx: Executor, order: PlacedOrder): Promise<void> {
  await addToDay(tx, order, 1);
}

/**
 * Subscribed to `order.cancelled`: a cancelled order leaves the day it was placed. One cancelled
 * while it awaited its card payment was never counted.
 */
export async function uncountOrder(
  tx: Executor,
  order: PlacedOrder & { previousStatus: string },
): Promise<void> {
  if (order.previousStatus === 'awaiting_payment') return;
  await addToDay(tx, order, -1);
}

async function addToDay(tx: Executor, order: PlacedOrder, sign: 1 | -1): Promise<void> {
  const orders = sign;
  const revenueCents = sign * order.totalCents;
  await tx
    .insert(farmDailyStats)
    .values({ farmId: order.farmId, day: dayOf(order.placedAt), orders, revenueCents })
    .onConflictDoUpdate({
      target: [farmDailyStats.farmId, farmDailyStats.day],
      set: {
        orders: sql`${farmDailyStats.orders} + ${orders}`,
        revenueCents: sql`${farmDailyStats.revenueCents} + ${revenueCents}`,
      },
    });
}

/** A farm's last 30 days, oldest first, every day present. */
export async function farmDailyStatsSeries(
  db: Executor,
  farmId: string,
  now: Date,
): Promise<DailyStats[]> {
  const days = lastDays(now);
  const rows = await db
    .select(columns)
    .from(farmDailyStats)
    .where(and(eq(farmDailyStats.farmId, farmId), gte(farmDailyStats.day, days[0] ?? dayOf(now))));
  return dailySeries(days, rows);
}

/** `usageStats.analyticsUsage`: the last 30 days of all of a farmer's farms. */
export async function farmerAnalyticsTotals(
  db: Executor,
  farmerId: string,
  now: Date,
): Promise<AnalyticsTotals> {
  const days = lastDays(now);
  const owned = db.select({ id: farms.id }).from(farms).where(eq(farms.farmerId, farmerId));
  const rows = await db
    .select(columns)
    .from(farmDailyStats)
    .where(
      and(inArray(farmDailyStats.farmId, owned), gte(farmDailyStats.day, days[0] ?? dayOf(now))),
    );
  return analyticsTotals(dailySeries(days, rows));
}
