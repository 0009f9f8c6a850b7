import { auditActions } from '@furrow/domain/api/audit';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns';
import { users } from '../users/users.schema';

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
