import { sql } from 'drizzle-orm';
import { doublePrecision, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';

/**
 * "Tell me when farms near me join" (product rules: area alerts): an address and the place it asked
 * about (kept to about a kilometre). `notifiedAt` is set, in the transaction that queues the
 * e-mail, when a farm opens within reach; the row is then done and no other farm writes to it.
 */
export const areaAlerts = pgTable(
  'area_alerts',
  {
    id: id(),
    email: text().notNull(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    createdAt: createdAt(),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('area_alerts_email_place_key').on(t.email, t.lat, t.lng),
    // A new farm looks for the sign-ups still waiting around it.
    index('area_alerts_waiting_location_idx')
      .using('gist', sql`ll_to_earth(${t.lat}, ${t.lng})`)
      .where(sql`${t.notifiedAt} is null`),
  ],
);
