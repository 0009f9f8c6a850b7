import { billingCycles, type PlanId, paymentMethodTypes, planIds } from '@furrow/domain/plans';
import {
  type MarketingPreferences,
  subscriptionStatuses,
  type UsageStats,
} from '@furrow/domain/subscriptions';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { farmers } from '../farmers/farmers.schema';
import { farms } from '../farms/farms.schema';

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
    // A farmer's cancel committed here and not yet confirmed by the provider, which may still bill
    // until it is: a job asks the provider until it confirms.
    providerCancelRequestedAt: timestamp({ withTimezone: true }),
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
