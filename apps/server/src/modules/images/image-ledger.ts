import { randomUUID } from 'node:crypto';
import { AppError } from '@furrow/domain/errors';
import { imageWidths, thumbnailUrl } from '@furrow/domain/images';
import { eq, or, sql } from 'drizzle-orm';
import { processImage } from '../../adapters/images';
import type { Storage } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { type Executor, type Tx, withTransaction } from '../../db/transaction';
import { farmers } from '../farmers/farmers.schema';
import { farms } from '../farms/farms.schema';
import { products } from '../products/products.schema';
import { assertRoomForBytes } from '../subscriptions';

export interface ImageDeps {
  db: Db;
  storage: Storage;
}

/** A processed upload written to storage but not yet referenced by any row. */
export interface StoredImage {
  url: string;
  bytes: number;
  /** Removes the files again when the row that was to reference them could not be written. */
  discard(): Promise<void>;
}

// The ledger of every stored image: farms' logos, products' photos and farmers' own pictures. It
// stores and deletes the files and keeps each farmer's byte count, so that a module with an image
// column only says which row points at which URL.

/**
 * Every image belongs to one farmer and lives under their folder, so that ownership can be read
 * from the URL and the bytes counted against the farmer's plan (`farmers.storage_used_bytes`).
 */
export async function storeFarmerImage(
  { db, storage }: ImageDeps,
  farmerId: string,
  upload: Buffer,
): Promise<StoredImage> {
  const { large, thumbnail } = await processImage(upload);
  // Checked on the processed sizes, which are what the plan's storage holds.
  await assertRoomForBytes(db, farmerId, large.length + thumbnail.length);
  const base = `farmers/${farmerId}/${randomUUID()}`;
  const largeKey = `${base}-${imageWidths.large}.webp`;
  const thumbnailKey = `${base}-${imageWidths.thumbnail}.webp`;
  await storage.put(largeKey, large);
  try {
    await storage.put(thumbnailKey, thumbnail);
  } catch (error) {
    // Without its thumbnail the large image belongs to no row: it goes too.
    await storage.delete(largeKey);
    throw error;
  }
  return {
    url: storage.url(largeKey),
    bytes: large.length + thumbnail.length,
    async discard() {
      await storage.delete(largeKey);
      await storage.delete(thumbnailKey);
    },
  };
}

/**
 * Points a row's single image (a logo, a profile photo) at a new upload: `swap` writes the URL and
 * answers the URL it replaced, in one transaction with the farmer's byte count; the replaced files
 * go once nothing uses them. When the row cannot be written, the new files go instead.
 */
export async function replaceSingleImage(
  deps: ImageDeps,
  farmerId: string,
  upload: Buffer,
  swap: (tx: Tx, url: string) => Promise<string | null>,
): Promise<void> {
  const stored = await storeFarmerImage(deps, farmerId, upload);
  let previous: string | null;
  try {
    previous = await withTransaction(deps.db, async (tx) => {
      const replaced = await swap(tx, stored.url);
      await countStoredBytes(tx, farmerId, stored.bytes);
      return replaced;
    });
  } catch (error) {
    await stored.discard();
    throw error;
  }
  await releaseImages(deps, [previous]);
}

/** Clears a row's single image with `swap`; 404 when there was none. */
export async function removeSingleImage(
  deps: ImageDeps,
  swap: (tx: Tx, url: null) => Promise<string | null>,
): Promise<void> {
  const previous = await withTransaction(deps.db, (tx) => swap(tx, null));
  if (!previous) throw new AppError('IMAGE_NOT_FOUND');
  await releaseImages(deps, [previous]);
}

/** Adds (or, negative, removes) bytes from a farmer's count; never below zero. */
export async function countStoredBytes(
  db: Executor,
  farmerId: string,
  bytes: number,
): Promise<void> {
  if (bytes === 0) return;
  await db
    .update(farmers)
    .set({ storageUsedBytes: sql`greatest(0, ${farmers.storageUsedBytes} + ${bytes})` })
    .where(eq(farmers.id, farmerId));
}

/** The farmer whose folder holds an image URL, or null for a URL that is not a stored image. */
export function imageOwner(storage: Storage, url: string): string | null {
  const key = storage.keyOf(url);
  return key?.match(/^farmers\/([0-9a-f-]{36})\//)?.[1] ?? null;
}

/**
 * Images named in a request body (a product's photos, a farm's logo) must already be stored for the
 * farmer who will own the row and still be in use: a client cannot point at another farmer's files
 * or at files that were deleted.
 */
export async function checkReusableImages(
  { db, storage }: { db: Executor; storage: Storage },
  farmerId: string,
  urls: readonly string[],
): Promise<void> {
  for (const url of urls) {
    if (imageOwner(storage, url) !== farmerId || !(await isImageInUse(db, url))) {
      throw new AppError('IMAGE_NOT_YOURS', undefined, [
        { field: 'images', message: `${url} is not one of your photos` },
      ]);
    }
  }
}

async function isImageInUse(db: Executor, url: string): Promise<boolean> {
  const [inProducts, inFarms, inFarmers] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.images} @> jsonb_build_array(${url}::text)`)
      .limit(1),
    db
      .select({ id: farms.id })
      .from(farms)
      .where(or(eq(farms.logoPath, url), eq(farms.coverPath, url)))
      .limit(1),
    db
      .select({ id: farmers.id })
      .from(farmers)
      .where(or(eq(farmers.logoPath, url), eq(farmers.profileImagePath, url)))
      .limit(1),
  ]);
  return inProducts.length + inFarms.length + inFarmers.length > 0;
}

/**
 * Deletes the files of images that no row uses any more and takes their bytes off the owner's count.
 * Called after the row change is committed; an image still used elsewhere (a photo shared by two
 * products) is kept. Deleting twice is harmless: a missing file frees 0 bytes.
 */
export async function releaseImages(
  { db, storage }: ImageDeps,
  urls: readonly (string | null | undefined)[],
): Promise<void> {
  for (const url of new Set(urls)) {
    if (!url) continue;
    const key = storage.keyOf(url);
    const owner = imageOwner(storage, url);
    if (!key || !owner || (await isImageInUse(db, url))) continue;
    const freed = (await storage.delete(key)) + (await storage.delete(thumbnailUrl(key)));
    await countStoredBytes(db, owner, -freed);
  }
}
