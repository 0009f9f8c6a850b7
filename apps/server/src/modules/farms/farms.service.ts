import type {
  CreateFarmBody,
  Farm,
  FeaturedFarmsQuery,
  UpdateFarmBody,
} from '@furrow/domain/api/farms';
import { fullName } from '@furrow/domain/api/users';
import { payoutState } from '@furrow/domain/card-payments';
import { AppError } from '@furrow/domain/errors';
import { centsToDollars, dollarsToCents } from '@furrow/domain/money';
import type { PickupWindow } from '@furrow/domain/pickup-windows';
import { linkableWebAddress } from '@furrow/domain/web-address';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage';
import { type Executor, withTransaction } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { authorize, can, type Viewer } from '../../policy/policy';
import { ownFarms, visibleFarms } from '../../policy/scopes';
import { ensureFarmer, nameFarmerAfterFirstFarm } from '../farmers';
import {
  checkReusableImages,
  type ImageDeps,
  releaseImages,
  removeSingleImage,
  replaceSingleImage,
} from '../images';
import { products } from '../products/products.schema';
import { users } from '../users/users.schema';
import { earthPoint, farmDistanceMetres, farmEarthPoint } from './farm-distance';
import { farmsChanged } from './farm-events';
import { farms } from './farms.schema';
import { loadPickupWindows, replacePickupWindows } from './pickup-windows.service';

type FarmRecord = typeof farms.$inferSelect;

interface FarmRow {
  farm: FarmRecord;
  farmer: { firstName: string; lastName: string };
  productCount: number;
}

function selectFarms(db: Executor) {
  return db
    .select({
      farm: farms,
      farmer: { firstName: users.firstName, lastName: users.lastName },
      productCount:
        sql<number>`(select count(*) from ${products} where ${products.farmId} = ${farms.id} and not ${products.hiddenByFarmer} and not ${products.hiddenByPlan})`.mapWith(
          Number,
        ),
    })
    .from(farms)
    .innerJoin(users, eq(users.id, farms.farmerId));
}

function toFarmAnswer(row: FarmRow, viewer: Viewer, pickupWindows: PickupWindow[]): Farm {
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
    delivery: {
      enabled: farm.deliveryEnabled,
      radiusKm: farm.deliveryRadiusKm,
      fee: centsToDollars(farm.deliveryFeeCents),
      minimumOrder: centsToDollars(farm.deliveryMinimumCents),
    },
    timeZone: farm.timeZone,
    pickupWindows,
    contact: {
      email: farm.contactEmail,
      phone: farm.contactPhone,
      website: linkableWebAddress(farm.website),
    },
    logo: farm.logoPath,
    cover: farm.coverPath,
    status: farm.status,
    suspendedReason: can(viewer, 'farm.readPrivate', farm) ? farm.suspendedReason : null,
    featured: farm.featured,
    stripeCustomerId: can(viewer, 'farm.readPrivate', farm) ? farm.stripeCustomerId : '',
    cardPayments: farm.chargesEnabled && farm.payoutAccountId !== null,
    payouts: can(viewer, 'farm.readPrivate', farm)
      ? payoutState(farm.payoutAccountId, farm.chargesEnabled)
      : null,
    productCount: row.productCount,
    farmer: { id: farm.farmerId, name: fullName(row.farmer) },
    createdAt: farm.createdAt.toISOString(),
    updatedAt: farm.updatedAt.toISOString(),
  };
}

/** One farm as `viewer` may see it: a suspended farm is "not found" but to its owner and admins. */
export async function getFarm(db: Executor, id: string, viewer: Viewer): Promise<Farm> {
  const [row] = await selectFarms(db).where(and(eq(farms.id, id), visibleFarms(viewer)));
  if (!row) throw new AppError('FARM_NOT_FOUND');
  const windows = await loadPickupWindows(db, [id]);
  return toFarmAnswer(row, viewer, windows.get(id) ?? []);
}

/**
 * `GET /api/shop/get_all`: with a farmer id, that farmer's farms (suspended ones only for the owner
 * and admins); without, the caller's own farms. A customer owns none and gets an empty list.
 */
export async function listFarms(
  db: Executor,
  viewer: Viewer,
  farmerId: string | undefined,
): Promise<Farm[]> {
  const ownerId = farmerId ?? viewer?.id;
  if (!ownerId) throw new AppError('NOT_LOGGED_IN');
  const rows = await selectFarms(db)
    .where(and(eq(farms.farmerId, ownerId), visibleFarms(viewer)))
    .orderBy(asc(farms.createdAt), asc(farms.id));
  const windows = await loadPickupWindows(
    db,
    rows.map((row) => row.farm.id),
  );
  return rows.map((row) => toFarmAnswer(row, viewer, windows.get(row.farm.id) ?? []));
}

/**
 * Active farms an admin featured: the landing page's "Featured farms". Near a point, those within
 * the radius, nearest first; without one, the most recently changed first.
 */
export async function listFeaturedFarms(db: Executor, query: FeaturedFarmsQuery): Promise<Farm[]> {
  const point =
    query.lat === undefined || query.long === undefined
      ? null
      : { lat: query.lat, long: query.long };
  const radiusMetres = query.radiusKm * 1000;
  const distance = point && farmDistanceMetres(point);
  const rows = await selectFarms(db)
    .where(
      and(
        eq(farms.featured, true),
        visibleFarms(null),
        point && distance
          ? and(
              sql`earth_box(${earthPoint(point)}, ${radiusMetres}) @> ${farmEarthPoint}`,
              sql`${distance} <= ${radiusMetres}`,
            )
          : undefined,
      ),
    )
    .orderBy(distance ? asc(distance) : desc(farms.updatedAt), asc(farms.id))
    .limit(query.limit);
  const windows = await loadPickupWindows(
    db,
    rows.map((row) => row.farm.id),
  );
  return rows.map((row) => toFarmAnswer(row, null, windows.get(row.farm.id) ?? []));
}

/** A new farm of `user`'s, in the caller's transaction (with the farmer's record it names). */
export async function createFarm(
  deps: { db: Executor; storage: Storage },
  user: NonNullable<Viewer>,
  body: CreateFarmBody,
): Promise<Farm> {
  const { db } = deps;
  await ensureFarmer(db, user.id);
  if (body.logo) await checkReusableImages(deps, user.id, [body.logo]);
  const [created] = await db
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
      deliveryFeeCents: dollarsToCents(body.delivery.fee),
      deliveryMinimumCents: dollarsToCents(body.delivery.minimumOrder),
      timeZone: body.timeZone,
      contactEmail: body.contact.email,
      contactPhone: body.contact.phone,
      website: body.contact.website,
      logoPath: body.logo ?? null,
    })
    .returning({ id: farms.id });
  if (!created) throw new Error('farm insert returned no row');
  await withTransaction(db, (tx) => publish(tx, farmsChanged, {}, new Date()));
  await replacePickupWindows(db, created.id, body.pickupWindows);
  await nameFarmerAfterFirstFarm(db, user.id, {
    name: body.name,
    city: body.address.city,
    region: body.address.region,
  });
  return getFarm(db, created.id, user);
}

/** The farm `user` means to change: 404 when it does not exist, 403 when not theirs. */
async function findManagedFarm(
  db: Executor,
  id: string,
  user: NonNullable<Viewer>,
): Promise<FarmRecord> {
  const [farm] = await db.select().from(farms).where(eq(farms.id, id));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  authorize(user, 'farm.update', farm);
  return farm;
}

export async function updateFarm(
  deps: ImageDeps,
  user: NonNullable<Viewer>,
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
  const cents = (value: number | undefined) =>
    value === undefined ? undefined : dollarsToCents(value);
  // The farm and its windows change together or not at all.
  await withTransaction(db, async (tx) => {
    await tx
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
        deliveryFeeCents: cents(body.delivery?.fee),
        deliveryMinimumCents: cents(body.delivery?.minimumOrder),
        timeZone: body.timeZone,
        contactEmail: body.contact?.email,
        contactPhone: body.contact?.phone,
        website: body.contact?.website,
        logoPath: body.logo,
        updatedAt: new Date(),
      })
      .where(and(eq(farms.id, id), ownFarms(user)));
    await publish(tx, farmsChanged, {}, new Date());
    if (body.pickupWindows) await replacePickupWindows(tx, id, body.pickupWindows);
  });
  if (body.logo !== undefined && body.logo !== farm.logoPath) {
    await releaseImages(deps, [farm.logoPath]);
  }
  return getFarm(db, id, user);
}

/** A farm's two single images: the logo beside its name and the cover across the top of its page. */
export type FarmImageKind = 'logo' | 'cover';

const farmImageColumn = { logo: 'logoPath', cover: 'coverPath' } as const;

/** Stores a new logo or cover for the farm; the bytes count against the farm owner's plan. */
export async function setFarmImage(
  deps: ImageDeps,
  user: NonNullable<Viewer>,
  id: string,
  kind: FarmImageKind,
  readUpload: () => Promise<Buffer>,
): Promise<Farm> {
  const farm = await findManagedFarm(deps.db, id, user);
  await replaceSingleImage(deps, farm.farmerId, await readUpload(), (tx, url) =>
    swapFarmImage(tx, id, kind, url),
  );
  return getFarm(deps.db, id, user);
}

export async function removeFarmImage(
  deps: ImageDeps,
  user: NonNullable<Viewer>,
  id: string,
  kind: FarmImageKind,
): Promise<Farm> {
  await findManagedFarm(deps.db, id, user);
  await removeSingleImage(deps, (tx, url) => swapFarmImage(tx, id, kind, url));
  return getFarm(deps.db, id, user);
}

/** Points the farm's logo or cover at `url` and answers what it pointed at before. */
async function swapFarmImage(
  tx: Executor,
  farmId: string,
  kind: FarmImageKind,
  url: string | null,
): Promise<string | null> {
  const column = farmImageColumn[kind];
  const [before] = await tx
    .select({ url: farms[column] })
    .from(farms)
    .where(eq(farms.id, farmId))
    .for('update');
  if (!before) throw new AppError('FARM_NOT_FOUND');
  await tx
    .update(farms)
    .set({ [column]: url, updatedAt: new Date() })
    .where(eq(farms.id, farmId));
  return before.url;
}
