import type { Farmer, FarmerImageKind, UpdateFarmerBody } from '@furrow/domain/api/farmers';
import { fullName } from '@furrow/domain/api/users';
import { AppError } from '@furrow/domain/errors';
import { and, asc, desc, eq, exists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { can, type Viewer } from '../../policy/policy';
import { farms } from '../farms/farms.schema';
import { type ImageDeps, removeSingleImage, replaceSingleImage } from '../images';
import { users } from '../users/users.schema';
import { farmers } from './farmers.schema';

const farmerColumns = {
  farmer: farmers,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  farmCount:
    sql<number>`(select count(*) from ${farms} where ${farms.farmerId} = ${farmers.id})`.mapWith(
      Number,
    ),
};

type FarmerRow = {
  farmer: typeof farmers.$inferSelect;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  farmCount: number;
};

function selectFarmers(db: Executor) {
  return db.select(farmerColumns).from(farmers).innerJoin(users, eq(users.id, farmers.id));
}

function toFarmerAnswer(row: FarmerRow, viewer: Viewer): Farmer {
  const { farmer } = row;
  const privileged = can(viewer, 'farmer.readPrivate', { farmerId: farmer.id });
  return {
    id: farmer.id,
    name: fullName(row),
    email: privileged ? row.email : null,
    farmName: farmer.farmName,
    bio: farmer.bio,
    featured: farmer.featured,
    location: { country: farmer.country, region: farmer.region, city: farmer.city },
    logo: farmer.logoPath,
    profileImage: farmer.profileImagePath,
    storageUsedBytes: privileged ? farmer.storageUsedBytes : null,
    farmCount: row.farmCount,
    createdAt: farmer.createdAt.toISOString(),
  };
}

/**
 * Registration creates the farmers row; this makes sure of it for accounts made another way
 * (an admin, an account from before), so that every farm has a farmer to belong to.
 */
export async function ensureFarmer(db: Executor, userId: string): Promise<void> {
  await db.insert(farmers).values({ id: userId }).onConflictDoNothing();
}

export async function getFarmer(db: Executor, id: string, viewer: Viewer): Promise<Farmer> {
  const [row] = await selectFarmers(db).where(eq(farmers.id, id));
  if (!row) throw new AppError('FARMER_NOT_FOUND');
  // An account of another role with a farmers row (an admin who opened a farmer page) is no public
  // farmer, unless it sells from a farm of its own.
  const seller = row.role === 'farmer' || row.farmCount > 0;
  if (!seller && !can(viewer, 'farmer.readPrivate', { farmerId: id })) {
    throw new AppError('FARMER_NOT_FOUND');
  }
  return toFarmerAnswer(row, viewer);
}

export async function getOwnFarmer(db: Executor, user: NonNullable<Viewer>): Promise<Farmer> {
  // Only a farmer's own page makes the row: reading it makes no one else a farmer.
  if (user.role === 'farmer') await ensureFarmer(db, user.id);
  return getFarmer(db, user.id, user);
}

/** Farmers with at least one active farm: the ones a shopper can buy from. */
export async function listFarmers(
  db: Executor,
  query: { featured?: boolean | undefined; limit: number; offset: number },
  viewer: Viewer,
): Promise<Farmer[]> {
  const hasActiveFarm = exists(
    db
      .select({ one: sql`1` })
      .from(farms)
      .where(and(eq(farms.farmerId, farmers.id), eq(farms.status, 'active'))),
  );
  const rows = await selectFarmers(db)
    .where(
      and(
        hasActiveFarm,
        query.featured === undefined ? undefined : eq(farmers.featured, query.featured),
      ),
    )
    .orderBy(desc(farmers.featured), asc(farmers.farmName), asc(farmers.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => toFarmerAnswer(row, viewer));
}

export async function updateOwnFarmer(
  db: Executor,
  user: NonNullable<Viewer>,
  body: UpdateFarmerBody,
): Promise<Farmer> {
  await ensureFarmer(db, user.id);
  await db
    .update(farmers)
    .set({
      farmName: body.farmName,
      bio: body.bio,
      country: body.location?.country,
      region: body.location?.region,
      city: body.location?.city,
      updatedAt: new Date(),
    })
    .where(eq(farmers.id, user.id));
  return getFarmer(db, user.id, user);
}

const imageColumn = { logo: 'logoPath', profile: 'profileImagePath' } as const;

/** Points the farmer's logo or profile photo at `url` and answers what it pointed at before. */
async function swapFarmerImage(
  tx: Executor,
  farmerId: string,
  kind: FarmerImageKind,
  url: string | null,
): Promise<string | null> {
  const column = imageColumn[kind];
  const [before] = await tx
    .select({ url: farmers[column] })
    .from(farmers)
    .where(eq(farmers.id, farmerId))
    .for('update');
  await tx
    .update(farmers)
    .set({ [column]: url, updatedAt: new Date() })
    .where(eq(farmers.id, farmerId));
  return before?.url ?? null;
}

/** Replaces the farmer's logo or profile photo; the old one's files go once nothing uses them. */
export async function setOwnFarmerImage(
  deps: ImageDeps,
  user: NonNullable<Viewer>,
  kind: FarmerImageKind,
  upload: Buffer,
): Promise<Farmer> {
  await ensureFarmer(deps.db, user.id);
  await replaceSingleImage(deps, user.id, upload, (tx, url) =>
    swapFarmerImage(tx, user.id, kind, url),
  );
  return getFarmer(deps.db, user.id, user);
}

export async function removeOwnFarmerImage(
  deps: ImageDeps,
  user: NonNullable<Viewer>,
  kind: FarmerImageKind,
): Promise<Farmer> {
  await ensureFarmer(deps.db, user.id);
  await removeSingleImage(deps, (tx, url) => swapFarmerImage(tx, user.id, kind, url));
  return getFarmer(deps.db, user.id, user);
}
