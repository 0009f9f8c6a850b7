import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { farmers } from '../farmers/farmers.schema';
import { farms } from '../farms/farms.schema';

/** A farm's dated happenings: market days, farm tours, U-pick days (product rules: farm events). */
export const events = pgTable(
  'events',
  {
    id: id(),
    farmId: uuid()
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    // The event's farmerId: the farm's owner, kept so that a farmer's events are one lookup.
    farmerId: uuid()
      .notNull()
      .references(() => farmers.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull().default(''),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    place: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('events_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('events_farm_idx').on(t.farmId, t.endsAt),
    index('events_ends_idx').on(t.endsAt),
  ],
);
