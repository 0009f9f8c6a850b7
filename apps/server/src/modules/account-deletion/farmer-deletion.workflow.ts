import type { DeleteFarmerAccountBody } from '@furrow/domain/api/account-deletion';
import { fullName } from '@furrow/domain/api/users';
import { AppError } from '@furrow/domain/errors';
import { formatOrderNumber } from '@furrow/domain/order-numbers';
import { isOpenOrder, orderStatuses, orderStatusLabels } from '@furrow/domain/orders';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { preorderWithdrawnMail } from '../../adapters/mail-templates';
import { verifyPassword } from '../../adapters/passwords';
import type { Storage } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { type Tx, withTransaction } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { defineJob } from '../../jobs/job-kind';
import { sendMail } from '../../jobs/send-mail';
import { recordAudit } from '../audit';
import { countFarmerEvents, deleteFarmerEvents } from '../events';
import { deleteFarmerRecord, lockFarmer } from '../farmers';
import { deleteFarmerFarms, lockFarmerFarms } from '../farms';
import { farms } from '../farms/farms.schema';
import { orderItems, orders } from '../orders/orders.schema';
import { preorders } from '../preorders/preorders.schema';
import { products } from '../products/products.schema';
import { queueProviderCancellations } from '../subscriptions';
import { deleteUser, findUserById } from '../users';
import { users } from '../users/users.schema';

/**
 * Farmer account deletion (product rules: deletion), in two steps:
 *
 * 1. In one transaction: refuse while any order of the farmer's farms is open; otherwise queue the
 *    end of their plans at the payment provider, part the farms' past orders from the farms and
 *    products (each order keeps its farm's name and its lines' snapshots for the customer's
 *    history), remove the events, products (their pending pre-orders go with them, and their
 *    customers are e-mailed), farms (with their daily analytics and
 *    pickup windows), the farmer record (its subscriptions and payment methods go with it) and the
 *    account (its sessions end with it), write the audit entry, and queue step 2.
 * 2. A job removes the farmer's images: every file under `farmers/<id>/` (logo, profile photo, farm
 *    logos, product photos all live there).
 *
 * Step 1 commits whole or not at all. Step 2 is queued by step 1's own transaction, so once the
 * rows are gone the job exists; the queue runs it until it succeeds, and removing a folder that is
 * already gone is harmless, so a deletion cut off after step 1 and run again ends complete.
 */

const openStatuses = orderStatuses.filter(isOpenOrder);

export const farmerFilesRemoval = defineJob(
  'farmer.remove-files',
  z.object({ farmerId: z.uuid() }),
  { maxAttempts: 20, redact: (payload) => payload },
);

export interface DeletionActor {
  id: string;
  email: string;
}

/** Step 1: the farmer's rows, in the caller's transaction. Answers false when there was no farmer. */
export async function removeFarmerRecords(
  tx: Tx,
  farmerId: string,
  actor: DeletionActor,
  publicUrl: string,
): Promise<boolean> {
  const farmer = (await lockFarmer(tx, farmerId)) && (await findUserById(tx, farmerId));
  if (!farmer) return false;
  const farmIds = await lockFarmerFarms(tx, farmerId);

  const farmOrders =
    farmIds.length === 0
      ? []
      : await tx
          .select({ id: orders.id, number: orders.number, status: orders.status })
          .from(orders)
          .where(inArray(orders.farmId, farmIds));
  const open = farmOrders.filter((order) => openStatuses.includes(order.status));
  if (open.length > 0) {
    throw new AppError(
      'ACCOUNT_HAS_OPEN_ORDERS',
      undefined,
      open.map((order) => ({
        field: 'orders',
        message: `Order ${formatOrderNumber(order.number)} is ${orderStatusLabels[order.status].toLowerCase()}`,
      })),
    );
  }

  const productIds = (
    await tx.select({ id: products.id }).from(products).where(eq(products.farmerId, farmerId))
  ).map((product) => product.id);
  const before = {
    email: farmer.email,
    farms: farmIds.length,
    products: productIds.length,
    events: await countFarmerEvents(tx, farmerId),
    pastOrders: farmOrders.length,
  };
  await queueProviderCancellations(tx, farmerId);
  await tellPreorderCustomers(tx, productIds, publicUrl);
  // The links are RESTRICT, so that nothing else can part an order from its farm or products.
  if (productIds.length > 0) {
    await tx
      .update(orderItems)
      .set({ productId: null })
      .where(inArray(orderItems.productId, productIds));
  }
  if (farmIds.length > 0) {
    await tx.update(orders).set({ farmId: null }).where(inArray(orders.farmId, farmIds));
  }
  await deleteFarmerEvents(tx, farmerId);
  await tx.delete(products).where(eq(products.farmerId, farmerId));
  await deleteFarmerFarms(tx, farmerId);
  await deleteFarmerRecord(tx, farmerId);
  await deleteUser(tx, farmerId);
  await recordAudit(tx, {
    // The farmer deleting their own account is gone once this commits: the entry keeps the e-mail.
    actor: { id: actor.id === farmerId ? null : actor.id, email: actor.email },
    action: 'farmer.delete',
    subject: { type: 'farmer', id: farmerId, name: fullName(farmer) },
    before,
    after: null,
  });
  await enqueue(tx, farmerFilesRemoval, { farmerId });
  return true;
}

/**
 * The customers whose pending pre-orders go with the farmer's products hear it, one e-mail each,
 * sent only if the deletion commits.
 */
async function tellPreorderCustomers(
  tx: Tx,
  productIds: readonly string[],
  publicUrl: string,
): Promise<void> {
  if (productIds.length === 0) return;
  const pending = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      farmName: farms.name,
      product: products.name,
      unit: products.unit,
      quantity: preorders.quantity,
    })
    .from(preorders)
    .innerJoin(users, eq(users.id, preorders.customerId))
    .innerJoin(products, eq(products.id, preorders.productId))
    .innerJoin(farms, eq(farms.id, products.farmId))
    .where(and(inArray(preorders.productId, [...productIds]), eq(preorders.status, 'pending')))
    .orderBy(asc(users.email), asc(farms.name), asc(products.name));
  const byMail = new Map<string, typeof pending>();
  for (const row of pending) {
    const key = `${row.email}\u0000${row.farmName}`;
    byMail.set(key, [...(byMail.get(key) ?? []), row]);
  }
  for (const rows of byMail.values()) {
    const [first] = rows;
    if (!first) continue;
    await enqueue(
      tx,
      sendMail,
      preorderWithdrawnMail({
        to: first.email,
        firstName: first.firstName || 'there',
        farmName: first.farmName,
        items: rows.map((row) => `${row.quantity} × ${row.product} (${row.unit})`),
        browseLink: `${publicUrl}/`,
      }),
    );
  }
}

/** Step 2: the farmer's images on storage. Safe to run any number of times. */
export async function removeFarmerFiles(storage: Storage, farmerId: string): Promise<void> {
  await storage.deleteFolder(`farmers/${farmerId}`);
}

/**
 * The farmer confirms it is them: by password, or, for an account made with Google alone, by
 * typing its e-mail address.
 */
export async function confirmIdentity(
  db: Db,
  userId: string,
  body: DeleteFarmerAccountBody,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  const confirmed = user.passwordHash
    ? body.password !== undefined && (await verifyPassword(user.passwordHash, body.password))
    : body.email?.toLowerCase() === user.email;
  if (!confirmed) {
    throw new AppError('WRONG_PASSWORD', undefined, [
      { field: 'password', message: 'is not correct' },
    ]);
  }
}

/** The whole deletion of one farmer's account; 404 when there is no such farmer. */
export async function deleteFarmerAccount(
  db: Db,
  farmerId: string,
  actor: DeletionActor,
  publicUrl: string,
): Promise<void> {
  const removed = await withTransaction(db, (tx) =>
    removeFarmerRecords(tx, farmerId, actor, publicUrl),
  );
  if (!removed) throw new AppError('FARMER_NOT_FOUND');
}
