import type {
  CustomerProfile,
  ProfileSetup,
  UpdateMeBody,
  User,
  UserLocation,
} from '@furrow/domain/api/users';
import { fullName } from '@furrow/domain/api/users';
import { AppError } from '@furrow/domain/errors';
import { eq } from 'drizzle-orm';
import { type Executor, withTransaction } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { findCity, findZip } from '../geo';
import { productsChanged } from '../inventory';
import { customerProfiles, users } from './users.schema';

export type UserRow = typeof users.$inferSelect;

/**
 * The user as answers show it: the user record's fields and nothing secret (no hash, no token
 * version).
 */
export function toUserAnswer(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    name: fullName(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin?.toISOString() ?? null,
    isEmailVerified: row.isEmailVerified,
  };
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

/** Removes an account (product rules: deletion): its sessions end with it. */
export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** The signed-in user; "No user data available" if the record went away meanwhile. */
export async function getMe(db: Executor, userId: string): Promise<User> {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('NO_USER_DATA');
  return toUserAnswer(row);
}

export async function updateMe(db: Executor, userId: string, body: UpdateMeBody): Promise<User> {
  const [row] = await db
    .update(users)
    .set({
      ...(body.firstName === undefined ? {} : { firstName: body.firstName }),
      ...(body.lastName === undefined ? {} : { lastName: body.lastName }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('NO_USER_DATA');
  // A farmer's name is in each of their products' answers.
  await withTransaction(db, (tx) => publish(tx, productsChanged, { farmerId: userId }, new Date()));
  return toUserAnswer(row);
}

type ProfileRow = typeof customerProfiles.$inferSelect;

function toProfileAnswer(row: ProfileRow): CustomerProfile {
  return {
    userId: row.userId,
    defaultLocation: row.defaultLocation ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getProfile(db: Executor, userId: string): Promise<CustomerProfile | null> {
  const [row] = await db.select().from(customerProfiles).where(eq(customerProfiles.userId, userId));
  return row ? toProfileAnswer(row) : null;
}

/**
 * The set-up after a first Google sign-in: names, and where the customer shops from, in the
 * caller's transaction. A ZIP code or "City, ST" is looked up in the offline US gazetteer; a place
 * it does not know is a 400.
 */
export async function setUpProfile(
  db: Executor,
  userId: string,
  body: ProfileSetup,
): Promise<{ user: User; profile: CustomerProfile }> {
  const location = body.location ? resolveLocation(body.location) : null;
  const [user] = await db
    .update(users)
    .set({
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError('NO_USER_DATA');
  await withTransaction(db, (tx) => publish(tx, productsChanged, { farmerId: userId }, new Date()));
  const [profile] = await db
    .insert(customerProfiles)
    .values({ userId, defaultLocation: location })
    .onConflictDoUpdate({ target: customerProfiles.userId, set: { defaultLocation: location } })
    .returning();
  if (!profile) throw new Error('customer profile was not saved');
  return { user: toUserAnswer(user), profile: toProfileAnswer(profile) };
}

const UNKNOWN_PLACE =
  'We could not find that place. Enter a US ZIP code or a city and state, like "Portland, OR".';

function resolveLocation(location: NonNullable<ProfileSetup['location']>): UserLocation {
  if ('lat' in location) return { ...location, address: location.address.trim() };
  const place = location.place.trim();
  const found = findZip(place) ?? findCity(place);
  if (!found) {
    throw new AppError('VALIDATION', UNKNOWN_PLACE, [
      { field: 'location.place', message: UNKNOWN_PLACE },
    ]);
  }
  return {
    lat: found.latitude,
    lng: found.longitude,
    address: `${found.city}, ${found.state} ${found.zip}`,
  };
}
