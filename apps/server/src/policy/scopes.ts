import { and, eq, or, type SQL } from 'drizzle-orm';
import { farms } from '../modules/farms/farms.schema';
import { orders } from '../modules/orders/orders.schema';
import { preorders } from '../modules/preorders/preorders.schema';
import { products } from '../modules/products/products.schema';
import { isAdmin, type Viewer } from './policy';

// The rules of `policy.ts` as WHERE clauses, for queries that must not read what they may not show
// or change a row they may not touch in the statement that checks it. `undefined` means every row.

/** Farms `viewer` may see (`farm.read`): active ones, and their own; admins see all. */
export function visibleFarms(viewer: Viewer): SQL | undefined {
  if (viewer === null) return eq(farms.status, 'active');
  const own = ownFarms(viewer);
  // No filter of their own means an admin, who sees every farm.
  return own && or(eq(farms.status, 'active'), own);
}

/** Farms `viewer` manages (`farm.update`): their own; admins manage all. */
export function ownFarms(viewer: NonNullable<Viewer>): SQL | undefined {
  return isAdmin(viewer) ? undefined : eq(farms.farmerId, viewer.id);
}

/** Products `viewer` manages (`product.update`, `product.updateStock`, `product.delete`). */
export function ownProducts(viewer: NonNullable<Viewer>): SQL | undefined {
  return isAdmin(viewer) ? undefined : eq(products.farmerId, viewer.id);
}

/** Products in the shop: what browsing and search show, to everyone. */
export function shownProducts(): SQL | undefined {
  return and(eq(products.hiddenByFarmer, false), eq(products.hiddenByPlan, false));
}

/**
 * Products `viewer` may see among those of visible farms: the ones in the shop, and hidden ones
 * (product-visibility.ts) only for their owner and admins.
 */
export function visibleProducts(viewer: Viewer): SQL | undefined {
  const shown = shownProducts();
  if (viewer === null) return shown;
  const own = ownProducts(viewer);
  return own && or(shown, own);
}

/** Orders `viewer` may see (`order.read`): as their customer or their farm's farmer; admins all. */
export function visibleOrders(viewer: NonNullable<Viewer>): SQL | undefined {
  return isAdmin(viewer)
    ? undefined
    : or(eq(orders.customerId, viewer.id), eq(farms.farmerId, viewer.id));
}

/** Pre-orders `viewer` may see: their own, and those of their products; admins all. */
export function visiblePreorders(viewer: NonNullable<Viewer>): SQL | undefined {
  return isAdmin(viewer)
    ? undefined
    : or(eq(preorders.customerId, viewer.id), eq(products.farmerId, viewer.id));
}
