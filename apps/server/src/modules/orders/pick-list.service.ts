import type { pickListAnswer } from '@furrow/domain/api/orders';
import { AppError } from '@furrow/domain/errors';
import { instantToFarmTime } from '@furrow/domain/farm-time';
import type { OrderStatus } from '@furrow/domain/orders';
import { buildPickList, type PickListOrder } from '@furrow/domain/pick-list';
import { and, asc, count, eq, gte, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { authorize, type Viewer } from '../../policy/policy';
import { farms } from '../farms/farms.schema';
import { selectOrderRows, toOrderAnswers } from './order-answer';
import { orders } from './orders.schema';

type PickListAnswer = z.infer<typeof pickListAnswer>;

/** Orders still to be packed or handed over. */
const openStatuses: OrderStatus[] = ['placed', 'confirmed', 'ready'];

/** How many of the farm's next days with open orders the answer lists. */
const UPCOMING_DAYS = 7;

/**
 * What a farm gathers and packs for one day: its orders packed for that date (`fulfilmentDate`).
 * Without a date, the next day that has open orders: a farm that packs on Saturdays opens on
 * Saturday's list, not on an empty today.
 */
export async function farmPickList(
  db: Db,
  viewer: NonNullable<Viewer>,
  farmId: string,
  requested: string | undefined,
  now = new Date(),
): Promise<PickListAnswer> {
  const [farm] = await db.select().from(farms).where(eq(farms.id, farmId));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  authorize(viewer, 'farm.pickList', farm);
  const today = instantToFarmTime(now, farm.timeZone).date;
  const upcoming = await db
    .select({ date: orders.fulfilmentDate, orders: count() })
    .from(orders)
    .where(
      and(
        eq(orders.farmId, farmId),
        gte(orders.fulfilmentDate, today),
        inArray(orders.status, openStatuses),
      ),
    )
    .groupBy(orders.fulfilmentDate)
    .orderBy(asc(orders.fulfilmentDate))
    .limit(UPCOMING_DAYS);
  const date = requested ?? upcoming[0]?.date ?? today;
  const rows = await selectOrderRows(db).where(
    and(eq(orders.farmId, farmId), eq(orders.fulfilmentDate, date)),
  );
  const answers = await toOrderAnswers(db, rows);
  const list = buildPickList(
    answers.map(
      (order): PickListOrder => ({
        number: order.number,
        customerName: order.customer.name,
        status: order.status,
        method: order.fulfilment.method,
        time: order.fulfilment.method === 'pickup' ? (order.fulfilment.slot?.from ?? null) : null,
        place:
          order.fulfilment.method === 'pickup'
            ? (order.fulfilment.slot?.place ?? '')
            : [order.fulfilment.address.line, order.fulfilment.address.city]
                .filter(Boolean)
                .join(', '),
        note: order.note,
        // A line's product goes only with its farm's farmer, so a farm's own lines all have one.
        lines: order.lines.flatMap(({ productId, name, unit, quantity }) =>
          productId === null ? [] : [{ productId, name, unit, quantity }],
        ),
      }),
    ),
  );
  return {
    date,
    upcoming,
    farm: { id: farm.id, name: farm.name },
    products: list.products,
    orders: list.orders.map((order) => ({ ...order, lines: [...order.lines] })),
  };
}
