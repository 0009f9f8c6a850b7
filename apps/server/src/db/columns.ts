import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns most tables share: a random uuid key and when the row was made and last changed. */
export const id = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
