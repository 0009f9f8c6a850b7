import { bigint, boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../users/users.schema';

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
