import type {
  CreateProductBody,
  Product,
  ProductQuery,
  UpdateProductBody,
} from '@furrow/domain/api/products';
import { AppError } from '@furrow/domain/errors';
import { MAX_PRODUCT_IMAGES } from '@furrow/domain/images';
import { dollarsToCents } from '@furrow/domain/money';
import type { StockChange } from '@furrow/domain/stock';
import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { type Executor, type Tx, withTransaction } from '../../db/transaction';
import { publish } from '../../domain-events/publish';
import { authorize, type Viewer } from '../../policy/policy';
import { ownProducts, visibleFarms, visibleProducts } from '../../policy/scopes';
import { farmDistanceMetres } from '../farms';
import { farms } from '../farms/farms.schema';
import {
  checkReusableImages,
  countStoredBytes,
  type ImageDeps,
  releaseImages,
  storeFarmerImage,
} from '../images';
import {
  adjustStock,
  offerStock,
  productsChanged,
  setInitialStock,
  stockRefusal,
} from '../inventory';
import { orderItems } from '../orders/orders.schema';
import { applyPlanLimit, assertRoomForProduct } from '../subscriptions';
import { users } from '../users/users.schema';
import { productColumns, selectProducts, toProductAnswer } from './product-answer';
import { harvestMoved } from './product-events';
import { products } from './products.schema';

type ProductRecord = typeof products.$inferSelect;
type SignedIn = NonNullable<Viewer>;
/** The actions on one product that only its owner (or an admin) may do. */
type OwnerAction = 'product.update' | 'product.updateStock' | 'product.delete';

/**
 * A product as answers show it: visible when its farm is (`product.read`). Given a point (the
 * shopper's location), the answer says how far the farm is, as browsing does.
 */
export async function getProduct(
  db: Executor,
  id: string,
  viewer: Viewer,
  near: ProductQuery = {},
): Promise<Product> {
  const [row] = await selectProducts(db).where(
    and(eq(products.id, id), visibleFarms(viewer), visibleProducts(viewer)),
  );
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  const { lat, long } = near;
  if (lat === undefined || long === undefined) return toProductAnswer(row);
  const [farm] = await db
    .select({ metres: farmDistanceMetres({ lat, long }) })
    .from(farms)
    .where(eq(farms.id, row.product.farmId));
  return toProductAnswer({ ...row, distanceKm: farm ? farm.metres / 1000 : null });
}

/** The answer for a row just written: its farm and farmer names added, nothing re-read. */
async function answerFor(db: Executor, product: ProductRecord): Promise<Product> {
  const { product: _row, ...nameColumns } = productColumns;
  const [names] = await db
    .select(nameColumns)
    .from(farms)
    .innerJoin(users, eq(users.id, farms.farmerId))
    .where(eq(farms.id, product.farmId));
  if (!names) throw new AppError('PRODUCT_NOT_FOUND');
  return toProductAnswer({ product, ...names });
}

/**
 * The product a signed-in user means to change: 404 when it does not exist, and the product
 * rules' own 403 message when it is not theirs. Admins may do what an owner may.
 */
async function findOwnedProduct(
  db: Executor,
  id: string,
  user: SignedIn,
  action: OwnerAction,
): Promise<ProductRecord> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  authorize(user, action, product);
  return product;
}

export async function createProduct(
  deps: ImageDeps,
  user: SignedIn,
  farmId: string,
  body: CreateProductBody,
): Promise<Product> {
  const { db } = deps;
  const [farm] = await db.select().from(farms).where(eq(farms.id, farmId));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  authorize(user, 'product.create', farm);
  await checkReusableImages(deps, farm.farmerId, body.images);
  const now = new Date();
  const created = await withTransaction(db, async (tx) => {
    await assertRoomForProduct(tx, farm.farmerId);
    const rows = await tx
      .insert(products)
      .values({
        farmId,
        // The farm's owner, also when an admin adds the product for them.
        farmerId: farm.farmerId,
        name: body.name,
        description: body.description,
        priceCents: dollarsToCents(body.price),
        unit: body.unit,
        categorySlug: body.categorySlug,
        images: [...new Set(body.images)],
        availableFrom: body.availableFrom,
        lastStockUpdate: now,
        updatedBy: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [row] = rows;
    if (!row) throw new Error('product insert returned no row');
    await setInitialStock(tx, [{ productId: row.id, stock: body.stock }], user.id, now);
    await publish(tx, productsChanged, { farmIds: [farmId] }, now);
    return { ...row, stock: body.stock };
  });
  return answerFor(db, created);
}

export async function updateProduct(
  deps: ImageDeps,
  user: SignedIn,
  id: string,
  body: UpdateProductBody,
): Promise<Product> {
  const { db } = deps;
  const product = await findOwnedProduct(db, id, user, 'product.update');
  const images = body.images ? [...new Set(body.images)] : undefined;
  const added = images?.filter((url) => !product.images.includes(url)) ?? [];
  await checkReusableImages(deps, product.farmerId, added);
  const now = new Date();
  const updated = await withTransaction(db, async (tx) => {
    const [row] = await tx
      .update(products)
      .set({
        name: body.name,
        description: body.description,
        priceCents: body.price === undefined ? undefined : dollarsToCents(body.price),
        unit: body.unit,
        categorySlug: body.categorySlug,
        images,
        availableFrom: body.availableFrom,
        updatedAt: now,
        updatedBy: user.id,
      })
      .where(eq(products.id, id))
      .returning();
    if (!row) throw new AppError('PRODUCT_NOT_FOUND');
    await publish(tx, productsChanged, { farmIds: [row.farmId] }, now);
    // Setting `stock` here is a stock update like `changeStock`'s.
    const stocked =
      body.stock === undefined
        ? row
        : await adjustStock(
            tx,
            { productId: id, change: { stock: body.stock }, byUserId: user.id },
            now,
          );
    if (!stocked) throw new AppError(stockRefusal(row.stock, { stock: body.stock ?? 0 }));
    if (body.availableFrom === undefined || body.availableFrom === product.availableFrom) {
      return stocked;
    }
    // A harvest day brought to today is stock pre-orders may now have; a later one fills then.
    const moved = { productId: id, farmId: row.farmId, availableFrom: body.availableFrom };
    await publish(tx, harvestMoved, moved, now);
    return reread(tx, id, stocked);
  });
  if (images)
    await releaseImages(
      deps,
      product.images.filter((url) => !images.includes(url)),
    );
  return answerFor(db, updated);
}

/**
 * Deletes a product that appears in no order (product rules: products and stock), in one
 * statement so that an order placed at the same moment cannot slip in between the check and the
 * delete; the RESTRICT foreign key on order_items is the backstop.
 */
export async function deleteProduct(deps: ImageDeps, user: SignedIn, id: string): Promise<void> {
  const { db } = deps;
  const product = await findOwnedProduct(db, id, user, 'product.delete');
  const now = new Date();
  let deleted: { images: string[] }[];
  try {
    deleted = await withTransaction(db, async (tx) => {
      const rows = await tx
        .delete(products)
        .where(
          and(
            eq(products.id, id),
            ownProducts(user),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(orderItems)
                .where(eq(orderItems.productId, products.id)),
            ),
          ),
        )
        .returning({ images: products.images });
      if (rows.length > 0) await publish(tx, productsChanged, { farmIds: [product.farmId] }, now);
      // A place under the plan's limit came free: the oldest product it hid comes back.
      if (rows.length > 0) await applyPlanLimit(tx, product.farmerId, now);
      return rows;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('PRODUCT_HAS_ORDERS');
    throw error;
  }
  if (deleted.length === 0) {
    const [still] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
    throw new AppError(still ? 'PRODUCT_HAS_ORDERS' : 'PRODUCT_NOT_FOUND');
  }
  await releaseImages(
    deps,
    deleted.flatMap((row) => row.images),
  );
}

/**
 * The farmer hides a product from the shop, or shows it again (product rules: products and stock;
 * what to do with a product that cannot be deleted). Showing needs a place under the plan's
 * limit, as adding one does; a product the plan hid comes back only with room. Hiding one makes
 * room, so the oldest product the plan hid comes back in the same change. Answers the product and
 * the names of those that came back.
 */
export async function setProductHidden(
  db: Executor,
  user: SignedIn,
  id: string,
  hidden: boolean,
): Promise<{ product: Product; restored: string[] }> {
  const found = await findOwnedProduct(db, id, user, 'product.update');
  const now = new Date();
  const { row, restored } = await withTransaction(db, async (tx) => {
    if (!hidden) await assertRoomForProduct(tx, found.farmerId, id);
    const [changed] = await tx
      .update(products)
      .set({ hiddenByFarmer: hidden, updatedAt: now, updatedBy: user.id })
      .where(and(eq(products.id, id), ownProducts(user)))
      .returning();
    if (!changed) throw new AppError('PRODUCT_NOT_FOUND');
    await publish(tx, productsChanged, { farmIds: [changed.farmId] }, now);
    const { shown } = await applyPlanLimit(tx, found.farmerId, now);
    const back = shown.length === 0 ? [] : await productNames(tx, shown);
    // Back in the shop: stock it holds goes to its waiting pre-orders first.
    if (!hidden) await offerStock(tx, changed, now);
    return { row: await reread(tx, id, changed), restored: back };
  });
  return { product: await answerFor(db, row), restored };
}

async function productNames(tx: Tx, ids: string[]): Promise<string[]> {
  const rows = await tx
    .select({ name: products.name })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.name));
  return rows.map((row) => row.name);
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Adds to, takes from or sets a product's stock (inventory's `adjustStock`: one statement that
 * checks and writes it, with the ownership check in the same statement). When no row changed, a
 * second look says why.
 */
export async function changeStock(
  db: Executor,
  user: SignedIn,
  id: string,
  change: StockChange,
): Promise<Product> {
  const now = new Date();
  const updated = await withTransaction(db, (tx) =>
    adjustStock(tx, { productId: id, change, byUserId: user.id, scope: ownProducts(user) }, now),
  );
  if (updated) return answerFor(db, updated);

  const product = await findOwnedProduct(db, id, user, 'product.updateStock');
  throw new AppError(stockRefusal(product.stock, change));
}

/** Adds an uploaded photo; the upload is read only once the caller may change the product. */
export async function addProductImage(
  deps: ImageDeps,
  user: SignedIn,
  id: string,
  readUpload: () => Promise<Buffer>,
): Promise<Product> {
  const { db } = deps;
  const product = await findOwnedProduct(db, id, user, 'product.update');
  if (product.images.length >= MAX_PRODUCT_IMAGES) throw new AppError('TOO_MANY_IMAGES');
  const stored = await storeFarmerImage(deps, product.farmerId, await readUpload());
  let updated: ProductRecord | undefined;
  try {
    updated = await withTransaction(db, async (tx) => {
      const [row] = await tx
        .update(products)
        .set({
          images: sql`${products.images} || jsonb_build_array(${stored.url}::text)`,
          updatedAt: new Date(),
          updatedBy: user.id,
        })
        .where(
          and(
            eq(products.id, id),
            sql`jsonb_array_length(${products.images}) < ${MAX_PRODUCT_IMAGES}::integer`,
          ),
        )
        .returning();
      if (row) await countStoredBytes(tx, product.farmerId, stored.bytes);
      if (row) await publish(tx, productsChanged, { farmIds: [row.farmId] }, new Date());
      return row;
    });
  } catch (error) {
    await stored.discard();
    throw error;
  }
  if (!updated) {
    await stored.discard();
    throw new AppError('TOO_MANY_IMAGES');
  }
  return answerFor(db, updated);
}

export async function removeProductImage(
  deps: ImageDeps,
  user: SignedIn,
  id: string,
  imageId: string,
): Promise<Product> {
  const { db } = deps;
  const product = await findOwnedProduct(db, id, user, 'product.update');
  const url = product.images.find((image) => image.includes(`/${imageId}-`));
  if (!url) throw new AppError('IMAGE_NOT_FOUND');
  const [updated] = await db
    .update(products)
    .set({
      // jsonb minus text drops that string from the array, whatever else changed meanwhile.
      images: sql`${products.images} - ${url}::text`,
      updatedAt: new Date(),
      updatedBy: user.id,
    })
    .where(eq(products.id, id))
    .returning();
  if (!updated) throw new AppError('PRODUCT_NOT_FOUND');
  await withTransaction(db, (tx) =>
    publish(tx, productsChanged, { farmIds: [updated.farmId] }, new Date()),
  );
  await releaseImages(deps, [url]);
  return answerFor(db, updated);
}

/** The row as what ran after the change (pre-order fills) left it. */
async function reread(tx: Tx, id: string, fallback: ProductRecord): Promise<ProductRecord> {
  const [row] = await tx.select().from(products).where(eq(products.id, id));
  return row ?? fallback;
}
