import { auditActions } from '@furrow/domain/api/audit';
import { farmStatuses } from '@furrow/domain/api/farms';
import { userRoles, userStatuses } from '@furrow/domain/api/users';
import type { CategorySlug } from '@furrow/domain/categories';
import { orderStatuses } from '@furrow/domain/orders';
import { billingCycles, type PlanId, paymentMethodTypes, planIds } from '@furrow/domain/plans';
import {
  type MarketingPreferences,
  subscriptionStatuses,
  type UsageStats,
} from '@furrow/domain/subscriptions';
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
  pgSequence,
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
    role: text({ enum: userRoles }).notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    status: text({ enum: userStatuses }).notNull().default('pending'),
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

/** The farmers: one row per farmer account, keyed by the user's id. */
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
 * The durable job queue (see jobs/). A job is written in the transaction that makes its data, so it
 * exists exactly when that data does. A finished job is deleted; a failed one stays, with its
 * secrets cleared, so that failures can be seen and looked into.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    // `running` with `locked_until` in the past means its process died: the job is claimable again.
    status: text({ enum: ['queued', 'running', 'failed'] })
      .notNull()
      .default('queued'),
    // Counts claims, so it also fences a worker whose lease ran out from writing a late result.
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_leased_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
  ],
);

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

/**
 * Every admin action and every account deletion: who, what, when, and the record before and after.
 * Rows are never changed or deleted; the actor's e-mail is copied so that it outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    action: text({ enum: auditActions }).notNull(),
    subjectType: text({ enum: ['farm', 'farmer'] }).notNull(),
    // No foreign key: the subject may be gone (a deleted farmer) and its entry must stay.
    subjectId: uuid().notNull(),
    subjectName: text().notNull(),
    reason: text(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_subject_idx').on(t.subjectId, t.at)],
);

/**
 * A farmer's plan. Money in cents per month (the annual price / 12). A row
 * made through the card provider's checkout carries the provider's ids; one started without a card
 * has none, and Furrow's renewal job bills it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    farmerId: uuid()
      .notNull()
      .references(() => farmers.id, { onDelete: 'cascade' }),
    // The shop the plan was bought for through `subscribe`, when it was.
    farmId: uuid().references(() => farms.id, { onDelete: 'set null' }),
    planId: text({ enum: planIds }).notNull(),
    planName: text().notNull(),
    status: text({ enum: subscriptionStatuses }).notNull(),
    billingCycle: text({ enum: billingCycles }).notNull(),
    priceCents: integer().notNull(),
    features: jsonb().$type<string[]>().notNull(),
    startDate: timestamp({ withTimezone: true }).notNull(),
    endDate: timestamp({ withTimezone: true }).notNull(),
    trialEndsAt: timestamp({ withTimezone: true }),
    nextBillingDate: timestamp({ withTimezone: true }),
    autoRenew: boolean().notNull().default(true),
    paymentMethod: text({ enum: paymentMethodTypes }),
    discountCode: text(),
    cancelReason: text(),
    upgradePath: jsonb().$type<PlanId[]>().notNull(),
    usageStats: jsonb().$type<UsageStats>().notNull(),
    marketingPreferences: jsonb().$type<MarketingPreferences>().notNull(),
    providerCustomerId: text(),
    providerSubscriptionId: text(),
    // The provider cancels at the end of the paid period rather than at once.
    cancelAtPeriodEnd: boolean().notNull().default(false),
    // A move to a cheaper plan, taking effect at the next renewal.
    pendingPlanId: text({ enum: planIds }),
    pendingBillingCycle: text({ enum: billingCycles }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_farmer_idx').on(t.farmerId),
    // At most one current (trial or active) subscription per farmer.
    uniqueIndex('subscriptions_one_current')
      .on(t.farmerId)
      .where(sql`${t.status} in ('trial', 'active')`),
    uniqueIndex('subscriptions_provider_key').on(t.providerSubscriptionId),
    index('subscriptions_customer_idx').on(t.providerCustomerId),
    check('subscriptions_price_non_negative', sql`${t.priceCents} >= 0`),
  ],
);

/** A subscription's billing history: one row per charge, paid or failed. */
export const billingRecords = pgTable(
  'billing_records',
  {
    id: id(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    date: timestamp({ withTimezone: true }).notNull(),
    amountCents: integer().notNull(),
    description: text().notNull(),
    status: text({ enum: ['paid', 'failed'] }).notNull(),
    invoiceUrl: text(),
    // The provider's invoice or charge id: a webhook or a job run twice writes one row.
    reference: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_records_subscription_idx').on(t.subscriptionId, t.date),
    uniqueIndex('billing_records_reference_key').on(t.reference),
  ],
);

/** A payment method record: only the last digits, never a card number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    farmerId: uuid()
      .notNull()
      .references(() => farmers.id, { onDelete: 'cascade' }),
    type: text({ enum: paymentMethodTypes }).notNull(),
    brand: text(),
    last4: text().notNull(),
    holderName: text(),
    providerPaymentMethodId: text(),
    setupDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsed: timestamp({ withTimezone: true }),
  },
  (t) => [index('payment_methods_farmer_idx').on(t.farmerId)],
);

/** Webhook events already applied: providers deliver at least once, Furrow applies once. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox payment provider's own records (customers, checkout sessions, subscriptions, charges),
 * in Stripe's shapes, so that its checkout and webhooks survive a restart and serve every process.
 */
export const sandboxRecords = pgTable('sandbox_records', {
  id: text().primaryKey(),
  kind: text({
    enum: [
      'customer',
      'checkout_session',
      'subscription',
      'charge',
      'account',
      'payment_intent',
      'refund',
    ],
  }).notNull(),
  data: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
