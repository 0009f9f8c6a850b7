import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { customerProfiles, users } from './users.schema';

type UserRow = typeof users.$inferSelect;
type NewAccount = Pick<
  typeof users.$inferInsert,
  'email' | 'passwordHash' | 'role' | 'firstName' | 'lastName' | 'status' | 'isEmailVerified'
>;

/** What a session needs of its account, read on every signed-in request: a few columns only. */
export async function findSessionAccount(
  db: Executor,
  id: string,
): Promise<Pick<UserRow, 'id' | 'email' | 'role' | 'status' | 'tokenVersion'> | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      status: users.status,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** A new account; undefined when the address is taken (the unique e-mail settles a race). */
export async function insertAccount(
  db: Executor,
  account: NewAccount,
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(account)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/** Creates an admin account, or makes the existing account of that e-mail one. */
export async function saveAdminAccount(
  db: Executor,
  email: string,
  admin: { passwordHash: string; firstName: string; lastName: string },
): Promise<{ id: string; email: string }> {
  const values = {
    role: 'admin' as const,
    status: 'active' as const,
    isEmailVerified: true,
    ...admin,
  };
  const [row] = await db
    .insert(users)
    .values({ email, ...values })
    .onConflictDoUpdate({ target: users.email, set: { ...values, updatedAt: new Date() } })
    .returning({ id: users.id, email: users.email });
  if (!row) throw new Error('The admin could not be saved.');
  return row;
}

/** A customer's profile, made once (product rules: accounts and sign-in). */
export async function ensureCustomerProfile(db: Executor, userId: string): Promise<void> {
  await db.insert(customerProfiles).values({ userId }).onConflictDoNothing();
}

/** A new password; every session signed before it ends. */
export async function setPassword(
  db: Executor,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Notes a sign-in, answering the account as it now stands. */
export async function recordSignIn(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ lastLogin: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * The account's address is verified: a pending account becomes active, a suspended one stays
 * suspended; the password may be set and every session ended with it.
 */
export async function confirmEmail(
  db: Executor,
  userId: string,
  change: { passwordHash?: string | null; endSessions?: boolean },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      isEmailVerified: true,
      status: sql`case when ${users.status} = 'pending' then 'active' else ${users.status} end`,
      ...(change.passwordHash === undefined ? {} : { passwordHash: change.passwordHash }),
      ...(change.endSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}
