import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid().primaryKey().defaultRandom();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    // Stored lower-cased: people type their address in any case.
    email: text().notNull(),
    passwordHash: text(),
    role: text({ enum: ['customer', 'farmer', 'admin'] }).notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    status: text({ enum: ['pending', 'active', 'suspended'] })
      .notNull()
      .default('pending'),
    isEmailVerified: boolean().notNull().default(false),
    // Bumped to revoke every token issued before (password change, sign-out everywhere).
    tokenVersion: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLogin: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const customerProfiles = pgTable('customer_profiles', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultLocation: jsonb().$type<{ lat: number; lng: number; address: string } | null>(),
  createdAt: createdAt(),
});

/** One-time codes and links: sign-up verification codes and password reset tokens. */
export const oneTimeSecrets = pgTable(
  'one_time_secrets',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify_email', 'reset_password'] }).notNull(),
    secretHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_secrets_user_idx').on(t.userId, t.purpose)],
);

/** The spec's farmers collection: one row per farmer account, keyed by the user's id. */
export const farmers = pgTable('farmers', {
  id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  farmName: text().notNull().default(''),
  bio: text().notNull().default(''),
  featured: boolean().notNull().default(false),
  country: text().notNull().default('US'),
  region: text().notNull().default(''),
  city: text().notNull().default(''),
  logoPath: text(),
  profileImagePath: text(),
  // Bytes of images stored for this farmer, counted against the plan's storage limit.
  storageUsedBytes: bigint({ mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
    contactEmail: text().notNull().default(''),
    contactPhone: text().notNull().default(''),
    website: text().notNull().default(''),
    logoPath: text(),
    status: text({ enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    // Empty until the farm subscribes to a plan (spec 3).
    stripeCustomerId: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('farms_farmer_idx').on(t.farmerId),
    index('farms_location_idx').using('gist', sql`ll_to_earth(${t.lat}, ${t.lng})`),
  ],
);

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
    categorySlug: text().notNull(),
    stock: integer().notNull().default(0),
    images: jsonb().$type<string[]>().notNull().default([]),
    // Produce not yet harvested can be pre-ordered until this day.
    availableFrom: date({ mode: 'string' }),
    lastStockUpdate: timestamp({ withTimezone: true }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_price_non_negative', sql`${t.priceCents} >= 0`),
    index('products_farm_idx').on(t.farmId),
    index('products_category_idx').on(t.categorySlug),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    customerId: uuid()
      .notNull()
      .references(() => users.id),
    farmId: uuid()
      .notNull()
      .references(() => farms.id),
    status: text({ enum: ['placed', 'confirmed', 'ready', 'completed', 'cancelled'] })
      .notNull()
      .default('placed'),
    fulfilmentMethod: text({ enum: ['pickup', 'delivery'] }).notNull(),
    deliveryAddress: text(),
    payment: text({ enum: ['pay_at_pickup', 'card'] }).notNull(),
    paymentStatus: text({ enum: ['unpaid', 'pending', 'paid', 'refunded'] })
      .notNull()
      .default('unpaid'),
    totalCents: integer().notNull(),
    note: text().notNull().default(''),
    idempotencyKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId),
    index('orders_farm_idx').on(t.farmId),
    uniqueIndex('orders_idempotency_key').on(t.customerId, t.idempotencyKey, t.farmId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // RESTRICT: a product that appears in any order is never deleted (spec 5).
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    unit: text().notNull(),
    priceCents: integer().notNull(),
    quantity: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId] }),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
