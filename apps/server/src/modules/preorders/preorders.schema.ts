import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { orders } from '../orders/orders.schema';
import { products } from '../products/products.schema';
import { users } from '../users/users.schema';

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
