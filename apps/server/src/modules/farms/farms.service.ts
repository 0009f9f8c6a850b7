import type { CreateFarmBody, Farm, UpdateFarmBody } from '@furrow/domain/api/farms';
import type { Product } from '@furrow/domain/api/products';
import { AppError } from '@furrow/domain/errors';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farmers, farms, products, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/session';
import {
  checkReusableImages,
  countStoredBytes,
  type ImageDeps,
  releaseImages,
  removeSingleImage,
  replaceSingleImage,
} from '../farmers/farmer-images';
import { ensureFarmer } from '../farmers/farmers.service';
import { selectProducts, toProductAnswer } from '../products/product-answer';

type FarmRecord = typeof farms.$inferSelect;

interface FarmRow {
  farm: FarmRecord;
  farmerName: string;
  productCount: number;
}

function selectFarms(db: Db) {
  return db
    .select({
      farm: farms,
      farmerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      productCount:
        sql<number>`(select count(*) from ${products} where ${products.farmId} = ${farms.id})`.mapWith(
          Number,
        ),
    })
    .from(farms)
    .innerJoin(users, eq(users.id, farms.farmerId));
}

/** Owners and admins may change a farm and see all of it; everyone else sees the public part. */
export function canManageFarm(viewer: SessionUser | null, farm: { farmerId: string }): boolean {
  return viewer !== null && (viewer.role === 'admin' || viewer.id === farm.farmerId);
}

function toFarmAnswer(row: FarmRow, viewer: SessionUser | null): Farm {
  const { farm } = row;
  return {
    id: farm.id,
    farmerId: farm.farmerId,
    name: farm.name,
    description: farm.description,
    address: {
      line: farm.addressLine,
      city: farm.city,
      region: farm.region,
      postalCode: farm.postalCode,
    },
    location: { lat: farm.lat, lng: farm.lng, country: farm.country },
    pickup: { enabled: farm.pickupEnabled, instructions: farm.pickupInstructions },
    delivery: { enabled: farm.deliveryEnabled, radiusKm: farm.deliveryRadiusKm },
    contact: { email: farm.contactEmail, phone: farm.contactPhone, website: farm.website },
    logo: farm.logoPath,
    status: farm.status,
    stripeCustomerId: canManageFarm(viewer, farm) ? farm.stripeCustomerId : '',
    productCount: row.productCount,
    farmer: { id: farm.farmerId, name: row.farmerName.trim() },
    createdAt: farm.createdAt.toISOString(),
    updatedAt: farm.updatedAt.toISOString(),
  };
}

/** The farm row itself, for ownership checks; a suspended farm is hidden from the public. */
export async function findVisibleFarm(
  db: Db,
  id: string,
  viewer: SessionUser | null,
): Promise<FarmRecord> {
  const [farm] = await db.select().from(farms).where(eq(farms.id, id));
  if (!farm || (farm.status !== 'active' && !canManageFarm(viewer, farm))) {
    throw new AppError('FARM_NOT_FOUND');
  }
  return farm;
}

export async function getFarm(db: Db, id: string, viewer: SessionUser | null): Promise<Farm> {
  const [row] = await selectFarms(db).where(eq(farms.id, id));
  if (!row || (row.farm.status !== 'active' && !canManageFarm(viewer, row.farm))) {
    throw new AppError('FARM_NOT_FOUND');
  }
  return toFarmAnswer(row, viewer);
}

/**
 * `GET /api/shop/get_all`: with a farmer id, that farmer's farms (suspended ones only for the owner
 * and admins); without, the caller's own farms. A customer owns none and gets an empty list.
 */
export async function listFarms(
  db: Db,
  viewer: SessionUser | null,
  farmerId: string | undefined,
): Promise<Farm[]> {
  const ownerId = farmerId ?? viewer?.id;
  if (!ownerId) throw new AppError('NOT_LOGGED_IN');
  const filters: SQL[] = [eq(farms.farmerId, ownerId)];
  if (!canManageFarm(viewer, { farmerId: ownerId })) filters.push(eq(farms.status, 'active'));
  const rows = await selectFarms(db)
    .where(and(...filters))
    .orderBy(asc(farms.createdAt), asc(farms.id));
  return rows.map((row) => toFarmAnswer(row, viewer));
}

/** The public farm page: the farm and everything it lists, in name order. */
export async function getFarmPage(
  db: Db,
  id: string,
  viewer: SessionUser | null,
): Promise<{ farm: Farm; products: Product[] }> {
  const farm = await getFarm(db, id, viewer);
  return { farm, products: await listFarmProducts(db, id) };
}

export async function listFarmProducts(db: Db, farmId: string): Promise<Product[]> {
  const rows = await selectProducts(db)
    .where(eq(products.farmId, farmId))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map((row) => toProductAnswer(row));
}

export async function createFarm(
  deps: ImageDeps,
  user: SessionUser,
  body: CreateFarmBody,
): Promise<Farm> {
  const { db } = deps;
  await ensureFarmer(db, user.id);
  if (body.logo) await checkReusableImages(deps, user.id, [body.logo]);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(farms)
      .values({
        farmerId: user.id,
        name: body.name,
        description: body.description,
        addressLine: body.address.line,
        city: body.address.city,
        region: body.address.region,
        postalCode: body.address.postalCode,
        country: body.location.country,
        lat: body.location.lat,
        lng: body.location.lng,
        pickupEnabled: body.pickup.enabled,
        pickupInstructions: body.pickup.instructions,
        deliveryEnabled: body.delivery.enabled,
        deliveryRadiusKm: body.delivery.enabled ? body.delivery.radiusKm : 0,
        contactEmail: body.contact.email,
        contactPhone: body.contact.phone,
        website: body.contact.website,
        logoPath: body.logo ?? null,
      })
      .returning({ id: farms.id });
    if (!created) throw new Error('farm insert returned no row');
    // The spec's farmer record carries a farmName: the first farm names it until the farmer says otherwise.
    await tx
      .update(farmers)
      .set({
        farmName: body.name,
        city: sql`case when ${farmers.city} = '' then ${body.address.city} else ${farmers.city} end`,
        region: sql`case when ${farmers.region} = '' then ${body.address.region} else ${farmers.region} end`,
      })
      .where(and(eq(farmers.id, user.id), eq(farmers.farmName, '')));
    return created.id;
  });
  return getFarm(db, id, user);
}

async function findManagedFarm(db: Db, id: string, user: SessionUser): Promise<FarmRecord> {
  const [farm] = await db.select().from(farms).where(eq(farms.id, id));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  if (!canManageFarm(user, farm)) throw new AppError('NOT_OWNER_FARM');
  return farm;
}

export async function updateFarm(
  deps: ImageDeps,
  user: SessionUser,
  id: string,
  body: UpdateFarmBody,
): Promise<Farm> {
  const { db } = deps;
  const farm = await findManagedFarm(db, id, user);
  if (body.logo && body.logo !== farm.logoPath) {
    await checkReusableImages(deps, farm.farmerId, [body.logo]);
  }
  const deliveryEnabled = body.delivery?.enabled ?? farm.deliveryEnabled;
  const deliveryRadiusKm = body.delivery?.radiusKm ?? farm.deliveryRadiusKm;
  if (deliveryEnabled && deliveryRadiusKm < 1) {
    throw new AppError(
      'VALIDATION',
      'delivery.radiusKm: a delivery radius of at least 1 km is needed to offer delivery',
      [
        {
          field: 'delivery.radiusKm',
          message: 'a delivery radius of at least 1 km is needed to offer delivery',
        },
      ],
    );
  }
  await db
    .update(farms)
    .set({
      name: body.name,
      description: body.description,
      addressLine: body.address?.line,
      city: body.address?.city,
      region: body.address?.region,
      postalCode: body.address?.postalCode,
      lat: body.location?.lat,
      lng: body.location?.lng,
      country: body.location?.country,
      pickupEnabled: body.pickup?.enabled,
      pickupInstructions: body.pickup?.instructions,
      deliveryEnabled: body.delivery?.enabled,
      deliveryRadiusKm: body.delivery?.radiusKm,
      contactEmail: body.contact?.email,
      contactPhone: body.contact?.phone,
      website: body.contact?.website,
      logoPath: body.logo,
      updatedAt: new Date(),
    })
    .where(eq(farms.id, id));
  if (body.logo !== undefined && body.logo !== farm.logoPath) {
    await releaseImages(deps, [farm.logoPath]);
  }
  return getFarm(db, id, user);
}

/** Stores a new logo for the farm; the bytes count against the farm owner's plan. */
export async function setFarmLogo(
  deps: ImageDeps,
  user: SessionUser,
  id: string,
  readUpload: () => Promise<Buffer>,
): Promise<Farm> {
  const { db } = deps;
  const farm = await findManagedFarm(db, id, user);
  await replaceSingleImage(deps, farm.farmerId, await readUpload(), (url, addedBytes) =>
    swapFarmLogo(db, id, farm.farmerId, url, addedBytes),
  );
  return getFarm(db, id, user);
}

export async function removeFarmLogo(
  deps: ImageDeps,
  user: SessionUser,
  id: string,
): Promise<Farm> {
  const farm = await findManagedFarm(deps.db, id, user);
  await removeSingleImage(deps, (url, addedBytes) =>
    swapFarmLogo(deps.db, id, farm.farmerId, url, addedBytes),
  );
  return getFarm(deps.db, id, user);
}

async function swapFarmLogo(
  db: Db,
  farmId: string,
  farmerId: string,
  url: string | null,
  addedBytes: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ url: farms.logoPath })
      .from(farms)
      .where(eq(farms.id, farmId))
      .for('update');
    if (!before) throw new AppError('FARM_NOT_FOUND');
    await tx
      .update(farms)
      .set({ logoPath: url, updatedAt: new Date() })
      .where(eq(farms.id, farmId));
    await countStoredBytes(tx, farmerId, addedBytes);
    return before.url;
  });
}
