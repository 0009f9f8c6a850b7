import type { ListOrdersQuery, Order } from '@furrow/domain/api/orders';
import { AppError } from '@furrow/domain/errors';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authorize, type Viewer } from '../../policy/policy';
import { visibleOrders } from '../../policy/scopes';
import { farms } from '../farms/farms.schema';
import { selectOrderRows, toOrderAnswers } from './order-answer';
import { orders } from './orders.schema';

export async function listOrders(
  db: Db,
  viewer: NonNullable<Viewer>,
  query: ListOrdersQuery,
): Promise<{ orders: Order[]; total: number }> {
  // One condition filters the page and the count, so that they always agree.
  const where = and(
    visibleOrders(viewer),
    query.status ? eq(orders.status, query.status) : undefined,
    query.farmId ? eq(orders.farmId, query.farmId) : undefined,
    query.pickupDate ? eq(orders.fulfilmentDate, query.pickupDate) : undefined,
  );
  const rows = await selectOrderRows(db)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .leftJoin(farms, eq(farms.id, orders.farmId))
    .where(where);
  return { orders: await toOrderAnswers(db, rows), total: total?.n ?? 0 };
}

/** One order for its customer, its farm's farmer or an admin; to anyone else it does not exist. */
export async function getOrder(db: Db, viewer: NonNullable<Viewer>, id: string): Promise<Order> {
  const [row] = await selectOrderRows(db).where(eq(orders.id, id));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  authorize(viewer, 'order.read', { customerId: row.order.customerId, farmerId: row.farmerId });
  const [order] = await toOrderAnswers(db, [row]);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  return order;
}
