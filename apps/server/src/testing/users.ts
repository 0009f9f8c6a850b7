import { randomBytes } from 'node:crypto';
import type { UserRole } from '@furrow/domain/api/users';
import type { PlanId } from '@furrow/domain/plans';
import {
  defaultMarketingPreferences,
  emptyUsageStats,
  newSubscription,
} from '@furrow/domain/subscriptions';
import { beforeAll } from 'vitest';
import type { Db } from '../db/client';
import { signSessionToken } from '../modules/auth';
import { ensureFarmer } from '../modules/farmers';
import { subscriptions } from '../modules/subscriptions/subscriptions.schema';
import { ensureCustomerProfile, insertAccount } from '../modules/users';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  role: UserRole;
  token: string;
  /** `{ authorization: 'Bearer ...' }`, ready for `app.inject({ headers })`. */
  headers: { authorization: string };
}

/**
 * A verified, active account made straight in the database, with a valid session token: no
 * password hashing, no e-mail. A farmer also gets the farmers row registration would make,
 * unless `withFarmerRow` is false (to test the code paths that must create it), and a trial of
 * `plan` (Professional unless told; none when null), since publishing products needs a plan.
 */
export async function createTestUser(
  db: Db,
  jwtSecret: string,
  role: UserRole,
  options: {
    firstName?: string;
    lastName?: string;
    withFarmerRow?: boolean;
    plan?: PlanId | null;
  } = {},
): Promise<TestUser> {
  const email = `${role}-${randomBytes(5).toString('hex')}@test.furrow`;
  const user = await insertAccount(db, {
    email,
    role,
    firstName: options.firstName ?? role.charAt(0).toUpperCase() + role.slice(1),
    lastName: options.lastName ?? 'Tester',
    status: 'active',
    isEmailVerified: true,
  });
  if (!user) throw new Error('test user was not created');
  if (role === 'farmer' && options.withFarmerRow !== false) {
    await ensureFarmer(db, user.id);
    const plan = options.plan === undefined ? 'pro' : options.plan;
    if (plan) await giveTestPlan(db, user.id, plan);
  }
  if (role === 'customer') await ensureCustomerProfile(db, user.id);
  const token = await signSessionToken(jwtSecret, { userId: user.id, tokenVersion: 0 });
  return { id: user.id, email, role, token, headers: { authorization: `Bearer ${token}` } };
}

/** A trial of `plan` starting now, as `POST /api/subscriptions` would make it. */
export async function giveTestPlan(db: Db, farmerId: string, plan: PlanId): Promise<void> {
  const now = new Date();
  await db.insert(subscriptions).values({
    ...newSubscription(plan, 'monthly', now),
    farmerId,
    usageStats: emptyUsageStats(now),
    marketingPreferences: defaultMarketingPreferences,
  });
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
