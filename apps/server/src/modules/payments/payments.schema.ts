import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

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
