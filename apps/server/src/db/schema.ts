import { userRoles } from '@furrow/domain/api/users';
import type { CategorySlug } from '@furrow/domain/categories';
import { orderStatuses } from '@furrow/domain/orders';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { farmers } from '../modules/farmers/farmers.schema';
import { farms } from '../modules/farms/farms.schema';
import { users } from '../modules/users/users.schema';
import { createdAt, id, updatedAt } from './columns';

// The tables that moved into their modules, read from here until every importer asks the owner.
export { jobs } from '../jobs/jobs.schema';
export { areaAlerts } from '../modules/area-alerts/area-alerts.schema';
export { auditLog } from '../modules/audit/audit.schema';
export { oneTimeSecrets } from '../modules/auth/auth.schema';
export { events } from '../modules/events/events.schema';
export { farmers } from '../modules/farmers/farmers.schema';
export { farms, pickupWindows } from '../modules/farms/farms.schema';
export { processedWebhookEvents, sandboxRecords } from '../modules/payments/payments.schema';
export {
  billingRecords,
  paymentMethods,
  subscriptions,
} from '../modules/subscriptions/subscriptions.schema';
export { customerProfiles, users } from '../modules/users/users.schema';

export const products = pgTable(
  'products',
  {
    id: id(),
    farmId: uuid()
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    farmerId: uuid()
      .notNull()
      .references(() => farmers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    priceCents: integer().notNull(),
    unit: text().notNull(),
    categorySlug: text().$type<CategorySlug>().notNull(),
    stock: integer().notNull().default(0),
    images: jsonb().$type<string[]>().notNull().default([]),
    // Produce not yet harvested can be pre-ordered until this day.
    availableFrom: date({ mode: 'string' }),
    // Hidden from shoppers (product-visibility.ts): by the farmer's choice, and apart from it by
    // the plan when the farmer holds more products than the plan allows.
    hiddenByFarmer: boolean().notNull().default(false),
    hiddenByPlan: boolean().notNull().default(false),
    lastStockUpdate: timestamp({ withTimezone: true }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_price_non_negative', sql`${t.priceCents} >= 0`),
    index('products_farm_idx').on(t.farmId),
    // Browse with a category reads the products of a few nearby farms in that category: by farm
    // first, so that the cost follows those farms, not the category's products nationwide.
    index('products_farm_category_idx').on(t.farmId, t.categorySlug),
    // A farm's page lists its products in name order, a page at a time after the last one shown
    // (farm-products.ts): each page is a range of this index, however large the farm.
    index('products_farm_name_idx').on(t.farmId, t.name, t.id),
    // A browse with a search text matches it anywhere in the name or the description (`ILIKE`):
    // trigram indexes find those products without reading every product of the farms around.
    // Written through at once: the embedded database has no autovacuum to empty a pending list,
    // which every search would scan and which made the planner pass these indexes by.
    index('products_name_trgm_idx')
      .using('gin', t.name.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('products_description_trgm_idx')
      .using('gin', t.description.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);

/** Behind human order numbers (`F-10427`, see `formatOrderNumber`): never reused. */
export const orderNumbers = pgSequence('order_numbers');

export const orders = pgTable(
  'orders',
  {
    id: id(),
    number: integer().notNull().default(sql`nextval('order_numbers')`),
    customerId: uuid()
      .notNull()
      .references(() => users.id),
    // Null once the farmer's account is deleted: the order then reads its farm from `farmName`.
    // RESTRICT rather than SET NULL, so that only that deletion, which clears it on purpose, can
    // part an order from its farm.
    farmId: uuid().references(() => farms.id, { onDelete: 'restrict' }),
    // The farm's name when the order was placed, for the customer's history.
    farmName: text().notNull(),
    status: text({ enum: orderStatuses }).notNull().default('placed'),
    fulfilmentMethod: text({ enum: ['pickup', 'delivery'] }).notNull(),
    // The farm-calendar day the order is packed for: its pickup slot's date, or the day it was
    // placed when there is no slot (delivery, or pickup on the farm's instructions alone).
    fulfilmentDate: date({ mode: 'string' }).notNull(),
    // The pickup slot chosen (`windowId:date`), copied whole so that a later change to the window
    // does not move an order already placed. All null without a slot.
    pickupSlotId: text(),
    pickupFrom: text(),
    pickupTo: text(),
    pickupStartsAt: timestamp({ withTimezone: true }),
    pickupEndsAt: timestamp({ withTimezone: true }),
    pickupPlace: text(),
    deliveryAddress: jsonb().$type<{
      line: string;
      city: string;
      region: string;
      postalCode: string;
    }>(),
    deliveryLat: doublePrecision(),
    deliveryLng: doublePrecision(),
    deliveryDistanceKm: doublePrecision(),
    payment: text({ enum: ['pay_at_pickup', 'card'] }).notNull(),
    paymentStatus: text({ enum: ['unpaid', 'pending', 'paid', 'refunded'] })
      .notNull()
      .default('unpaid'),
    // A card order's hosted checkout at the provider, and the payment it made once paid.
    paymentSessionId: text(),
    paymentUrl: text(),
    paymentIntentId: text(),
    // When an unpaid card order is released and its stock returned.
    paymentDueAt: timestamp({ withTimezone: true }),
    deliveryFeeCents: integer().notNull().default(0),
    // Lines plus the delivery fee.
    totalCents: integer().notNull(),
    note: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_farm_idx').on(t.farmId, t.fulfilmentDate),
    // Counting the orders of one pickup slot against its window's capacity.
    index('orders_pickup_slot_idx').on(t.pickupSlotId),
    // The webhook finds the order a checkout session paid.
    index('orders_payment_session_idx').on(t.paymentSessionId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // RESTRICT: a product that appears in any order is never deleted (product rules: deletion).
    // Only the deletion of the farmer's account clears it, and the line keeps its own name, unit
    // and price.
    productId: uuid().references(() => products.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    unit: text().notNull(),
    priceCents: integer().notNull(),
    quantity: integer().notNull(),
  },
  (t) => [
    // Each product once per order; lines whose product is gone (null) may be several.
    uniqueIndex('order_items_order_product_key').on(t.orderId, t.productId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Every status an order has had, oldest first: the timeline customers and farmers see. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text({ enum: orderStatuses }).notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Both null when Furrow itself moved the order (a pre-order filled when stock arrived).
    byUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    byRole: text({ enum: userRoles }),
    reason: text(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
);

/**
 * Checkouts already answered, by the customer's Idempotency-Key: the same key and body answer the
 * same orders again, another body under the same key is refused. The hash, not the body, is kept.
 */
export const checkoutRequests = pgTable(
  'checkout_requests',
  {
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    bodyHash: text().notNull(),
    answer: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);

/**
 * A customer's claim on a product that is sold out or not yet harvested (product rules:
 * pre-orders).
 */
export const preorders = pgTable(
  'preorders',
  {
    id: id(),
    customerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    status: text({ enum: ['pending', 'filled', 'cancelled'] })
      .notNull()
      .default('pending'),
    filledOrderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    filledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('preorders_customer_idx').on(t.customerId, t.createdAt),
    // The fill reads a product's pending pre-orders oldest first.
    index('preorders_product_pending_idx')
      .on(t.productId, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('preorders_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

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
