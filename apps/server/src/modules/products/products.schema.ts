import type { CategorySlug } from '@furrow/domain/categories';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';
import { farmers } from '../farmers/farmers.schema';
import { farms } from '../farms/farms.schema';
import { users } from '../users/users.schema';

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
