import { paymentHoldEnds } from '@furrow/domain/card-payments';
import { instantToFarmTime } from '@furrow/domain/farm-time';
import { formatOrderNumber } from '@furrow/domain/order-numbers';
import { lineTotalCents } from '@furrow/domain/order-totals';
import { nextPickupSlots } from '@furrow/domain/pickup-windows';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';
import type { DemoShop } from '../../demo/seed';
import { publish } from '../../domain-events/publish';
import { farms } from '../farms/farms.schema';
import { seedSandboxAccount, seedSandboxPayment } from '../payments';
import { products } from '../products/products.schema';
import { orderPaid } from './order-events';
import { insertOrder, recordStatus } from './order-records';
import { orders } from './orders.schema';

/**
 * The demo farmer's farm takes card payments (its payouts account connected in the sandbox), and
 * the demo customer has paid one order there by card, so that the dashboard shows "Payouts
 * connected" and the order shows as paid right after `npm start`. The sandbox's own records are
 * written too, so that cancelling that order refunds it like any other.
 */
export async function seedDemoCardPayments(tx: Tx, demo: DemoShop): Promise<void> {
  const { customerId, windows, now } = demo;
  const shop = demo.farm;
  const [farm] = await tx
    .select({ name: farms.name, email: farms.contactEmail })
    .from(farms)
    .where(eq(farms.id, shop.id));
  if (!farm) return;
  const accountId = await seedSandboxAccount(tx, {
    id: shop.id,
    farmerId: shop.farmerId,
    name: farm.name,
    email: farm.email,
  });
  await tx
    .update(farms)
    .set({ payoutAccountId: accountId, chargesEnabled: true })
    .where(eq(farms.id, shop.id));

  // Not the products the pay-at-pickup story used first: a different basket.
  const basket = await tx
    .select()
    .from(products)
    .where(and(eq(products.farmId, shop.id), gt(products.stock, 5), isNull(products.availableFrom)))
    .orderBy(desc(products.name))
    .limit(2);
  if (basket.length === 0) return;
  const placedAt = new Date(now.getTime() - 26 * 60 * 60 * 1000);
  const paidAt = new Date(placedAt.getTime() + 3 * 60 * 1000);
  const [slot] = nextPickupSlots(windows, now, shop.timeZone);
  const orderId = await insertOrder(tx, {
    customerId,
    farm: { id: shop.id, name: farm.name },
    lines: basket.map((product, index) => {
      const priced = { priceCents: product.priceCents, quantity: index + 1 };
      return {
        productId: product.id,
        name: product.name,
        unit: product.unit,
        ...priced,
        lineTotalCents: lineTotalCents(priced),
      };
    }),
    fulfilment: { method: 'pickup', slot: slot ?? null },
    farmToday: instantToFarmTime(placedAt, shop.timeZone).date,
    payment: 'card',
    paymentDueAt: paymentHoldEnds(placedAt),
    note: '',
    by: { userId: customerId, role: 'customer' },
    now: placedAt,
  });
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const { sessionId, paymentIntentId: intentId } = await seedSandboxPayment(tx, {
    accountId,
    orderId,
    orderNumber: formatOrderNumber(order.number),
    amountCents: order.totalCents,
  });
  await recordStatus(tx, orderId, 'placed', null, null, paidAt);
  await tx
    .update(orders)
    .set({
      status: 'placed',
      paymentStatus: 'paid',
      paymentSessionId: sessionId,
      paymentIntentId: intentId,
      updatedAt: paidAt,
    })
    .where(eq(orders.id, orderId));
  const paid = { orderId, farmId: shop.id, placedAt, totalCents: order.totalCents };
  await publish(tx, orderPaid, paid, paidAt);
}
