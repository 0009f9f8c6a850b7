import type { PreOrder } from '@furrow/domain/api/preorders';
import { fullName } from '@furrow/domain/api/users';
import { centsToDollars } from '@furrow/domain/money';
import { formatOrderNumber } from '@furrow/domain/order-numbers';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { farms } from '../farms/farms.schema';
import { orders } from '../orders/orders.schema';
import { products } from '../products/products.schema';
import { users } from '../users/users.schema';
import { preorders } from './preorders.schema';

/** Pre-orders with what answers show of their product, farm, customer and filled order. */
export function selectPreorderRows(db: Executor) {
  return db
    .select({
      preorder: preorders,
      product: {
        id: products.id,
        name: products.name,
        unit: products.unit,
        priceCents: products.priceCents,
        availableFrom: products.availableFrom,
        farmerId: products.farmerId,
      },
      farm: { id: farms.id, name: farms.name },
      customer: { firstName: users.firstName, lastName: users.lastName },
      orderNumber: orders.number,
    })
    .from(preorders)
    .innerJoin(products, eq(products.id, preorders.productId))
    .innerJoin(farms, eq(farms.id, products.farmId))
    .innerJoin(users, eq(users.id, preorders.customerId))
    .leftJoin(orders, eq(orders.id, preorders.filledOrderId));
}

export type PreorderRow = Awaited<
  ReturnType<ReturnType<typeof selectPreorderRows>['execute']>
>[number];

export function toPreorderAnswer(row: PreorderRow): PreOrder {
  const { preorder, product } = row;
  return {
    id: preorder.id,
    status: preorder.status,
    quantity: preorder.quantity,
    product: {
      id: product.id,
      name: product.name,
      unit: product.unit,
      price: centsToDollars(product.priceCents),
      availableFrom: product.availableFrom,
      farm: row.farm,
    },
    customer: { id: preorder.customerId, name: fullName(row.customer) },
    order:
      preorder.filledOrderId && row.orderNumber !== null
        ? { id: preorder.filledOrderId, number: formatOrderNumber(row.orderNumber) }
        : null,
    createdAt: preorder.createdAt.toISOString(),
    updatedAt: preorder.updatedAt.toISOString(),
    filledAt: preorder.filledAt?.toISOString() ?? null,
  };
}
