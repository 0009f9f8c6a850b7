import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { users } from '../users/users.schema';

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
