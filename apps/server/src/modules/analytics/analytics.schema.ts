import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { farms } from '../farms/farms.schema';

/**
 * A farm's trading per calendar day (UTC): page views counted as they are read, orders and their
 * value as they are placed (a cancelled order is taken off the day it was placed). One small row
 * per farm per day, so the owner's last 30 days are a 30-row read.
 */
export const farmDailyStats = pgTable(
  'farm_daily_stats',
  {
    farmId: uuid()
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    farmViews: integer().notNull().default(0),
    productViews: integer().notNull().default(0),
    orders: integer().notNull().default(0),
    revenueCents: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.farmId, t.day] })],
);
