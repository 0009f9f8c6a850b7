import { randomBytes } from 'node:crypto';
import { beforeAll } from 'vitest';
import type { Db } from '../db/client';
import { customerProfiles, farmers, users } from '../db/schema';
import { signSessionToken } from '../modules/auth/tokens';
import type { Role } from '../plugins/session';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  token: string;
  /** `{ authorization: 'Bearer ...' }`, ready for `app.inject({ headers })`. */
  headers: { authorization: string };
}

/**
 * A verified, active account made straight in the database, with a valid session token: no
 * password hashing, no e-mail. A farmer also gets the farmers row registration would make,
 * unless `withFarmerRow` is false (to test the code paths that must create it).
 */
export async function createTestUser(
  db: Db,
  jwtSecret: string,
  role: Role,
  options: { firstName?: string; lastName?: string; withFarmerRow?: boolean } = {},
): Promise<TestUser> {
  const email = `${role}-${randomBytes(5).toString('hex')}@test.furrow`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      role,
      firstName: options.firstName ?? role.charAt(0).toUpperCase() + role.slice(1),
      lastName: options.lastName ?? 'Tester',
      status: 'active',
      isEmailVerified: true,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('test user was not created');
  if (role === 'farmer' && options.withFarmerRow !== false) {
    await db.insert(farmers).values({ id: user.id });
  }
  if (role === 'customer') await db.insert(customerProfiles).values({ userId: user.id });
  const token = await signSessionToken(jwtSecret, { userId: user.id, tokenVersion: 0 });
  return { id: user.id, email, role, token, headers: { authorization: `Bearer ${token}` } };
}

export interface TestCast {
  customer: TestUser;
  owner: TestUser;
  otherFarmer: TestUser;
  admin: TestUser;
}

/** One account of each kind, as the permission tests need them. */
export async function createTestCast(db: Db, jwtSecret: string): Promise<TestCast> {
  const [customer, owner, otherFarmer, admin] = await Promise.all([
    createTestUser(db, jwtSecret, 'customer'),
    createTestUser(db, jwtSecret, 'farmer', { firstName: 'Olive', lastName: 'Owner' }),
    createTestUser(db, jwtSecret, 'farmer', { firstName: 'Otto', lastName: 'Other' }),
    createTestUser(db, jwtSecret, 'admin'),
  ]);
  return { customer, owner, otherFarmer, admin };
}

/** The cast for a whole test file on its `useTestApp` app; like the app, filled in by `beforeAll`. */
export function useTestCast(t: TestApp): TestCast {
  const cast = {} as TestCast;
  beforeAll(async () => {
    Object.assign(cast, await createTestCast(t.database.db, t.config.JWT_SECRET));
  });
  return cast;
}
