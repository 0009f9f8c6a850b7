import type { AdminOverview } from '@furrow/domain/api/admin';
import { weekStarts } from '@furrow/domain/dates';
import { centsToDollars } from '@furrow/domain/money';
import { notSaleStatuses } from '@furrow/domain/orders';
import { summariseSubscriptions } from '@furrow/domain/recurring-revenue';
import { and, count, eq, gte, notInArray, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { farms } from '../farms/farms.schema';
import { orders } from '../orders/orders.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { users } from '../users/users.schema';

export const OVERVIEW_WEEKS = 8;

/** The admin's dashboard figures, counted in SQL so that no order is read in full. */
export async function getOverview(db: Executor, now: Date): Promise<AdminOverview> {
  const weeks = weekStarts(now, OVERVIEW_WEEKS);
  const week = sql<string>`to_char(date_trunc('week', ${orders.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const [byStatus, byRole, perWeek, plans] = await Promise.all([
    db.select({ status: farms.status, n: count() }).from(farms).groupBy(farms.status),
    db
      .select({ role: users.role, n: count() })
      .from(users)
      .where(eq(users.status, 'active'))
      .groupBy(users.role),
    db
      .select({
        week,
        orders: count(),
        salesCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(
        and(
          gte(orders.createdAt, new Date(`${weeks[0]}T00:00:00Z`)),
          // Sales are orders made: not cancelled, and not card orders still waiting to be paid.
          notInArray(orders.status, notSaleStatuses),
        ),
      )
      .groupBy(week),
    db
      .select({
        planId: subscriptions.planId,
        status: subscriptions.status,
        count: count(),
        priceCents: sum(subscriptions.priceCents).mapWith(Number),
      })
      .from(subscriptions)
      .groupBy(subscriptions.planId, subscriptions.status),
  ]);
  const subscribed = summariseSubscriptions(plans);
  const farmsBy = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
  const usersBy = (role: string) => byRole.find((row) => row.role === role)?.n ?? 0;
  return {
    farms: { active: farmsBy('active'), suspended: farmsBy('suspended') },
    farmers: usersBy('farmer'),
    customers: usersBy('customer'),
    subscriptionsByPlan: subscribed.byPlan.map(({ mrrCents, ...plan }) => ({
      ...plan,
      mrr: centsToDollars(mrrCents),
    })),
    mrr: centsToDollars(subscribed.mrrCents),
    trialMrr: centsToDollars(subscribed.trialMrrCents),
    // Every week shows, the empty ones too, so that the chart's bars line up with the calendar.
    weeks: weeks.map((weekStart) => {
      const row = perWeek.find((found) => found.week === weekStart);
      return {
        weekStart,
        orders: row?.orders ?? 0,
        sales: centsToDollars(row?.salesCents ?? 0),
      };
    }),
  };
}
