import type { addPaymentMethodBody } from '@furrow/domain/api/subscriptions';
import { AppError } from '@furrow/domain/errors';
import { getPlan } from '@furrow/domain/plans';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { authorize, type Viewer } from '../../policy/policy';
import { paymentMethods } from './subscriptions.schema';
import { assertAccepts, findCurrentSubscription } from './subscriptions.service';

type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export function toPaymentMethodAnswer(row: PaymentMethodRow) {
  return {
    id: row.id,
    type: row.type,
    brand: row.brand,
    last4: row.last4,
    holderName: row.holderName,
    setupDate: row.setupDate.toISOString(),
    lastUsed: row.lastUsed?.toISOString() ?? null,
  };
}

export async function listPaymentMethods(db: Db, farmerId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.farmerId, farmerId))
    .orderBy(desc(paymentMethods.setupDate));
}

/** A record of how the farmer pays; only the types the farmer's plan accepts (product rules:
 * plans and limits). */
export async function addPaymentMethod(
  db: Db,
  farmerId: string,
  body: z.infer<typeof addPaymentMethodBody>,
  now: Date,
): Promise<PaymentMethodRow> {
  const current = await findCurrentSubscription(db, farmerId);
  if (current) assertAccepts(getPlan(current.planId), body.type, 'type');
  const [row] = await db
    .insert(paymentMethods)
    .values({
      farmerId,
      type: body.type,
      brand: body.brand || null,
      last4: body.last4,
      holderName: body.holderName || null,
      setupDate: now,
    })
    .returning();
  if (!row) throw new Error('the payment method was not written');
  return row;
}

export async function deletePaymentMethod(db: Db, viewer: Viewer, id: string): Promise<void> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  if (!row) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  authorize(viewer, 'paymentMethod.manage', row);
  await db.delete(paymentMethods).where(eq(paymentMethods.id, id));
}
