import { addLocalDays, farmTimeToInstant, instantToFarmTime } from '@furrow/domain/farm-time';
import { lineTotalCents } from '@furrow/domain/order-totals';
import type { OrderStatus } from '@furrow/domain/orders';
import {
  nextPickupSlots,
  type PickupSlot,
  type PickupWindow,
  pickupSlotId,
} from '@furrow/domain/pickup-windows';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/transaction';
import type { DemoShop } from '../../demo/seed';
import { publish } from '../../domain-events/publish';
import { productsChanged } from '../inventory';
import { products } from '../products/products.schema';
import { seedDemoCardPayments } from './demo-card-payments';
import { orderCancelled } from './order-events';
import { insertOrder, recordStatus } from './order-records';
import { orders } from './orders.schema';

/** The window's slot `weeksAgo` weeks before its next one, on the farm's calendar: a past order's. */
function pastSlot(
  window: PickupWindow,
  weeksAgo: number,
  shop: DemoShop['farm'],
  now: Date,
): PickupSlot {
  const today = instantToFarmTime(now, shop.timeZone).date;
  const [upcoming] = nextPickupSlots([window], now, shop.timeZone, { count: 1, cutoffHours: 0 });
  const date = addLocalDays(upcoming?.date ?? today, -7 * weeksAgo);
  const startsAt = farmTimeToInstant(date, window.from, shop.timeZone);
  return {
    id: pickupSlotId(window.id, date),
    windowId: window.id,
    date,
    from: window.from,
    to: window.to,
    place: window.place,
    capacity: window.capacity,
    startsAt,
    endsAt: farmTimeToInstant(date, window.to, shop.timeZone),
    orderBy: startsAt,
  };
}

const hours = (n: number) => n * 60 * 60 * 1000;

/**
 * The demo customer's history at the demo farmer's farm, so that both see every part of ordering
 * right after `npm start`: orders in every status with their timelines, a product the farmer hid
 * after selling it, and an order paid by card.
 */
export async function seedDemoOrders(tx: Tx, demo: DemoShop): Promise<void> {
  const { customerId, windows, now } = demo;
  const shop = demo.farm;
  const saturday = windows[0];
  if (!saturday) return;
  const shelf = await tx
    .select()
    .from(products)
    .where(and(eq(products.farmId, shop.id), gt(products.stock, 5), isNull(products.availableFrom)))
    .orderBy(asc(products.name))
    .limit(6);
  const farmer = { userId: shop.farmerId, role: 'farmer' as const };
  const customer = { userId: customerId, role: 'customer' as const };
  const [next] = nextPickupSlots(windows, now, shop.timeZone);

  // Oldest first: each with the moves it went through and who made them.
  const story: { weeksAgo: number; moves: OrderStatus[]; reason?: string }[] = [
    { weeksAgo: 3, moves: ['confirmed', 'ready', 'completed'] },
    { weeksAgo: 2, moves: ['cancelled'], reason: 'Hail flattened the greens this week, sorry!' },
    { weeksAgo: 1, moves: ['confirmed', 'ready'] },
    { weeksAgo: 0, moves: ['confirmed'] },
    { weeksAgo: 0, moves: [] },
  ];
  for (const [position, chapter] of story.entries()) {
    const picked = shelf.slice(position, position + 2);
    if (picked.length === 0) break;
    const placedAt = new Date(now.getTime() - hours(24 * (7 * chapter.weeksAgo + 3)));
    const slot =
      chapter.weeksAgo === 0 ? (next ?? null) : pastSlot(saturday, chapter.weeksAgo, shop, now);
    const lines = picked.map((product, line) => {
      const quantity = 1 + ((position + line) % 3);
      const priced = { priceCents: product.priceCents, quantity };
      return {
        productId: product.id,
        name: product.name,
        unit: product.unit,
        ...priced,
        lineTotalCents: lineTotalCents(priced),
      };
    });
    const orderId = await insertOrder(tx, {
      customerId,
      farm: shop,
      lines,
      fulfilment: { method: 'pickup', slot },
      farmToday: instantToFarmTime(placedAt, shop.timeZone).date,
      payment: 'pay_at_pickup',
      note: position === 0 ? 'Could I have the eggs in a paper carton?' : '',
      by: customer,
      now: placedAt,
    });
    for (const [step, status] of chapter.moves.entries()) {
      await recordStatus(
        tx,
        orderId,
        status,
        farmer,
        status === 'cancelled' ? (chapter.reason ?? null) : null,
        new Date(placedAt.getTime() + hours(6 + 18 * step)),
      );
    }
    const last = chapter.moves.at(-1);
    if (last) await tx.update(orders).set({ status: last }).where(eq(orders.id, orderId));
    if (last === 'cancelled') {
      // As a cancellation through the API does: the order leaves the day's figures.
      const totalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
      const cancelled = { orderId, farmId: shop.id, placedAt, totalCents };
      await publish(tx, orderCancelled, { ...cancelled, previousStatus: 'placed' }, now);
    }
  }

  // The farmer stopped selling the first product of the completed order: it cannot be deleted, so
  // it is hidden, and the customer's past order still shows it.
  const retired = shelf[0];
  if (retired) {
    await tx.update(products).set({ hiddenByFarmer: true }).where(eq(products.id, retired.id));
    await publish(tx, productsChanged, { farmIds: [shop.id] }, now);
  }

  await seedDemoCardPayments(tx, demo);
}
