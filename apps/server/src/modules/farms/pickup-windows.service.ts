import type { PickupSlotAnswer, PickupWindowsBody } from '@furrow/domain/api/pickup-windows';
import {
  nextPickupSlots,
  type PickupSlot,
  type PickupWindow,
  remainingInSlot,
} from '@furrow/domain/pickup-windows';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { orders } from '../orders/orders.schema';
import { pickupWindows } from './farms.schema';

type PickupWindowRecord = typeof pickupWindows.$inferSelect;

function toPickupWindow(row: PickupWindowRecord): PickupWindow {
  const base = {
    id: row.id,
    from: row.from,
    to: row.to,
    place: row.place,
    capacity: row.capacity,
  };
  // The table's check constraint guarantees the day of a weekly window and the date of a one-off.
  return row.kind === 'weekly'
    ? { ...base, kind: 'weekly', day: row.day ?? 'sunday' }
    : { ...base, kind: 'once', date: row.date ?? '' };
}

/** The pickup windows of each farm asked for, weekly ones first, each group in creation order. */
export async function loadPickupWindows(
  db: Executor,
  farmIds: readonly string[],
): Promise<Map<string, PickupWindow[]>> {
  const byFarm = new Map<string, PickupWindow[]>(farmIds.map((id) => [id, []]));
  if (farmIds.length === 0) return byFarm;
  const rows = await db
    .select()
    .from(pickupWindows)
    .where(inArray(pickupWindows.farmId, [...farmIds]))
    .orderBy(asc(pickupWindows.createdAt), asc(pickupWindows.id));
  // A stable sort: weekly windows read better first, each group keeps its creation order.
  rows.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'weekly' ? -1 : 1));
  for (const row of rows) byFarm.get(row.farmId)?.push(toPickupWindow(row));
  return byFarm;
}

/**
 * Replaces a farm's windows with `windows`. A window sent with the id of one of this farm's
 * windows keeps it, so the slots already ordered in keep counting against its capacity; any other
 * id is taken as new. Orders keep a copy of their slot, so removing a window moves no order.
 */
export async function replacePickupWindows(
  tx: Executor,
  farmId: string,
  windows: PickupWindowsBody,
): Promise<void> {
  const existing = await tx
    .select({ id: pickupWindows.id })
    .from(pickupWindows)
    .where(eq(pickupWindows.farmId, farmId));
  const existingIds = new Set(existing.map((row) => row.id));
  const keptIds = new Set<string>();
  for (const window of windows) {
    const values = {
      kind: window.kind,
      day: window.kind === 'weekly' ? window.day : null,
      date: window.kind === 'once' ? window.date : null,
      from: window.from,
      to: window.to,
      place: window.place,
      capacity: window.capacity,
    };
    if (window.id && existingIds.has(window.id)) {
      keptIds.add(window.id);
      await tx.update(pickupWindows).set(values).where(eq(pickupWindows.id, window.id));
    } else {
      await tx.insert(pickupWindows).values({ farmId, ...values });
    }
  }
  const removed = [...existingIds].filter((id) => !keptIds.has(id));
  if (removed.length > 0) await tx.delete(pickupWindows).where(inArray(pickupWindows.id, removed));
}

/** Orders that hold a place in a slot: every one not cancelled. */
export async function ordersInSlot(db: Executor, slotId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.pickupSlotId, slotId), ne(orders.status, 'cancelled')));
  return row?.n ?? 0;
}

export function toSlotAnswer(slot: PickupSlot, taken: number): PickupSlotAnswer {
  return {
    id: slot.id,
    windowId: slot.windowId,
    date: slot.date,
    from: slot.from,
    to: slot.to,
    place: slot.place,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    orderBy: slot.orderBy.toISOString(),
    capacity: slot.capacity,
    remaining: remainingInSlot(slot, taken),
  };
}

/** The next slots checkout offers for a farm, with the room left in each; full ones included. */
export async function upcomingPickupSlots(
  db: Executor,
  farm: { id: string; timeZone: string },
  now: Date,
): Promise<PickupSlotAnswer[]> {
  const windows = (await loadPickupWindows(db, [farm.id])).get(farm.id) ?? [];
  const slots = nextPickupSlots(windows, now, farm.timeZone);
  if (slots.length === 0) return [];
  const taken = await db
    .select({ slotId: orders.pickupSlotId, n: count() })
    .from(orders)
    .where(
      and(
        inArray(
          orders.pickupSlotId,
          slots.map((slot) => slot.id),
        ),
        ne(orders.status, 'cancelled'),
      ),
    )
    .groupBy(orders.pickupSlotId);
  const takenBySlot = new Map(taken.map((row) => [row.slotId, row.n]));
  return slots.map((slot) => toSlotAnswer(slot, takenBySlot.get(slot.id) ?? 0));
}
