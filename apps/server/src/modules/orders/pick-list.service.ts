import type { pickListAnswer } from '@furrow/domain/api/orders';
import { AppError } from '@furrow/domain/errors';
import { buildPickList, type PickListOrder } from '@furrow/domain/pick-list';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { farms, orders } from '../../db/schema';
import { authorize, type Viewer } from '../../policy/policy';
import { selectOrderRows, toOrderAnswers } from './order-answer';

type PickListAnswer = z.infer<typeof pickListAnswer>;

/** What a farm gathers and packs for one day: its orders packed for that date (`fulfilmentDate`). */
export async function farmPickList(
  db: Db,
  viewer: NonNullable<Viewer>,
  farmId: string,
  date: string,
): Promise<PickListAnswer> {
  const [farm] = await db.select().from(farms).where(eq(farms.id, farmId));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  authorize(viewer, 'farm.pickList', farm);
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
    farm: { id: farm.id, name: farm.name },
    products: list.products,
    orders: list.orders.map((order) => ({ ...order, lines: [...order.lines] })),
  };
}
