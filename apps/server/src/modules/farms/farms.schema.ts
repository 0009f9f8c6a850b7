import { farmStatuses } from '@furrow/domain/api/farms';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { farmers } from '../farmers/farmers.schema';

export const farms = pgTable(
  'farms',
  {
    id: id(),
    farmerId: uuid()
      .notNull()
      .references(() => farmers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    addressLine: text().notNull().default(''),
    city: text().notNull().default(''),
    region: text().notNull().default(''),
    postalCode: text().notNull().default(''),
    country: text().notNull().default('US'),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    pickupEnabled: boolean().notNull().default(true),
    pickupInstructions: text().notNull().default(''),
    deliveryEnabled: boolean().notNull().default(false),
    deliveryRadiusKm: integer().notNull().default(0),
    deliveryFeeCents: integer().notNull().default(0),
    // Orders below this subtotal are not delivered (the fee is not part of it).
    deliveryMinimumCents: integer().notNull().default(0),
    // IANA zone of the farm: pickup windows are wall-clock times where the farm is.
    timeZone: text().notNull().default('America/New_York'),
    contactEmail: text().notNull().default(''),
    contactPhone: text().notNull().default(''),
    website: text().notNull().default(''),
    logoPath: text(),
    // The wide picture across the top of the farm's page.
    coverPath: text(),
    status: text({ enum: farmStatuses }).notNull().default('active'),
    // Told to the owner on the dashboard and by e-mail; null while the farm is active.
    suspendedReason: text(),
    // Set by an admin: featured farms lead the landing page.
    featured: boolean().notNull().default(false),
    // Empty until the farm subscribes to a plan.
    stripeCustomerId: text().notNull().default(''),
    // The farm's own payment account at the provider (Stripe Connect Express), where shoppers'
    // card payments go; null until the farmer starts connecting payouts.
    payoutAccountId: text(),
    // The provider's word that the account may take charges (onboarding finished).
    chargesEnabled: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('farms_farmer_idx').on(t.farmerId),
    index('farms_stripe_customer_idx').on(t.stripeCustomerId),
    index('farms_payout_account_idx').on(t.payoutAccountId),
    index('farms_location_idx').using('gist', sql`ll_to_earth(${t.lat}, ${t.lng})`),
  ],
);

/**
 * When and where a farm hands out orders: every week on a day, or once on a date.
 * Times are the farm's wall clock ('HH:MM', in its time zone), so a window stays at 9 am across
 * daylight saving changes.
 */
export const pickupWindows = pgTable(
  'pickup_windows',
  {
    id: id(),
    farmId: uuid()
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['weekly', 'once'] }).notNull(),
    day: text({
      enum: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
    }),
    date: date({ mode: 'string' }),
    from: text().notNull(),
    to: text().notNull(),
    place: text().notNull().default(''),
    // Orders per occurrence; null takes any number.
    capacity: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pickup_windows_farm_idx').on(t.farmId),
    check(
      'pickup_windows_weekly_or_once',
      sql`(${t.kind} = 'weekly' and ${t.day} is not null and ${t.date} is null) or (${t.kind} = 'once' and ${t.date} is not null and ${t.day} is null)`,
    ),
    check('pickup_windows_capacity_positive', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);
