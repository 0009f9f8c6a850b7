import { userRoles } from '@furrow/domain/api/users';
import { orderStatuses } from '@furrow/domain/orders';
import { sql } from 'drizzle-orm';
import {
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
import { createdAt, id, updatedAt } from '../../db/columns';
import { farms } from '../farms/farms.schema';
import { products } from '../products/products.schema';
import { users } from '../users/users.schema';

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
