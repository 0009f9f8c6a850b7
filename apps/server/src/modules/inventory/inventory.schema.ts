import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from '../products/products.schema';
import { users } from '../users/users.schema';

/** Why a product's stock moved (product rules: products and stock). */
export const stockReasons = [
  // The stock a product started with: when it was added, or as it stood when the ledger began.
  'initial',
  // The farmer added stock, or set it higher.
  'restock',
  // The farmer took stock off, or set it lower.
  'adjustment',
  // A checkout paid at pickup took it.
  'sold',
  // A card checkout holds it until its payment arrives or its hold ends.
  'reserved',
  // A card checkout's hold ended unpaid, or the order was cancelled before its payment.
  'released',
  // A cancelled order gave it back.
  'returned',
  // A waiting pre-order took it as it became an order.
  'preorder-filled',
] as const;
export type StockReason = (typeof stockReasons)[number];

/**
 * The stock ledger: one row per change of a product's stock, written in the transaction that
 * changes it, so that a product's stock is always the sum of its movements and a farmer can see
 * why it moved. The order and pre-order ids are kept without foreign keys: the checkout writes its
 * movements before the orders they belong to, and the history outlives them.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    reason: text().$type<StockReason>().notNull(),
    orderId: uuid(),
    preorderId: uuid(),
    /** The farmer (or admin) who changed it by hand. */
    byUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movements_delta_not_zero', sql`${t.delta} <> 0`),
    index('stock_movements_product_idx').on(t.productId, t.at),
  ],
);
