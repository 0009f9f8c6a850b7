import { userRoles, userStatuses } from '@furrow/domain/api/users';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns';

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
