import {
  type ErrorCode,
  type ErrorDetail,
  priceChangedDetail,
  type StockShortfall,
  stockShortfallDetail,
} from './errors';
import type { LocalDate } from './farm-time';
import { dollarsToCents } from './money';
import { lineTotalCents } from './order-totals';
import { sellableStock } from './preorders';

/**
 * The checks of `POST /api/orders` that need no database, run on the products as the checkout
 * transaction read them. The stock check here is the friendly one that names every
 * product short at once; the conditional `UPDATE ... WHERE stock >= n` stays the guarantee.
 */

export interface CheckoutItem {
  productId: string;
  quantity: number;
  /** The unit price in dollars the shopper saw, when the client sent it. */
  price?: number | undefined;
}

export interface CheckoutProduct {
  id: string;
  name: string;
  unit: string;
  priceCents: number;
  stock: number;
  availableFrom: LocalDate | null;
  farmId: string;
  farmName: string;
  farmActive: boolean;
  /** Hidden from the shop by its farmer or by the farm's plan: not for sale. */
  hidden: boolean;
}

/** A line as the order keeps it: what was bought, at what price, whatever the product becomes. */
export interface OrderLineSnapshot {
  productId: string;
  name: string;
  unit: string;
  priceCents: number;
  quantity: number;
  lineTotalCents: number;
}

export interface FarmLines {
  farmId: string;
  lines: OrderLineSnapshot[];
}

export type CheckoutReview =
  | { ok: true; farms: FarmLines[] }
  | {
      ok: false;
      code: Extract<
        ErrorCode,
        | 'PRODUCT_NOT_FOUND'
        | 'FARM_NOT_ACTIVE'
        | 'PRODUCT_HIDDEN'
        | 'FULFILMENT_MISSING'
        | 'PRICE_CHANGED'
        | 'INSUFFICIENT_STOCK'
      >;
      details: ErrorDetail[];
    };

/**
 * Lines in product-id order. Every checkout takes its row locks in this one order, so two
 * checkouts sharing products queue behind each other instead of deadlocking.
 * Lower-case UUIDs compare as strings the way PostgreSQL orders the uuid type, so `ORDER BY id`
 * in SQL agrees with this order.
 */
export function inLockOrder<T extends { productId: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) =>
    a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
  );
}

/** Products short of stock; an upcoming product has none to sell before its harvest day. */
export function stockShortfalls(
  items: readonly CheckoutItem[],
  products: ReadonlyMap<string, CheckoutProduct>,
  today: LocalDate,
): StockShortfall[] {
  return items.flatMap((item) => {
    const product = products.get(item.productId);
    if (product === undefined) return [];
    const available = sellableStock(product, today);
    return item.quantity > available
      ? [{ productId: product.id, name: product.name, requested: item.quantity, available }]
      : [];
  });
}

/**
 * Whether the cart can become orders, and if so its lines grouped by farm (farms and lines in id
 * order); otherwise the first kind of problem with every product it concerns. The order of the
 * checks is the order a shopper can fix them in: a product gone or a farm closed must leave the
 * cart before a price or a quantity is worth confirming.
 */
export function reviewCheckout(
  items: readonly CheckoutItem[],
  products: ReadonlyMap<string, CheckoutProduct>,
  fulfilmentFarmIds: readonly string[],
  today: LocalDate,
): CheckoutReview {
  const found: [CheckoutItem, CheckoutProduct][] = [];
  const missing: ErrorDetail[] = [];
  for (const item of inLockOrder(items)) {
    const product = products.get(item.productId);
    if (product === undefined) {
      missing.push({
        field: 'items',
        message: 'This product is no longer sold',
        productId: item.productId,
      });
    } else {
      found.push([item, product]);
    }
  }
  if (missing.length > 0) return { ok: false, code: 'PRODUCT_NOT_FOUND', details: missing };

  const closed = found
    .filter(([, product]) => !product.farmActive)
    .map(([, product]) => ({
      field: 'items',
      message: `${product.farmName} is not taking orders right now`,
      productId: product.id,
      name: product.name,
    }));
  if (closed.length > 0) return { ok: false, code: 'FARM_NOT_ACTIVE', details: closed };

  const hidden = found
    .filter(([, product]) => product.hidden)
    .map(([, product]) => ({
      field: 'items',
      message: `${product.name} is not for sale right now`,
      productId: product.id,
      name: product.name,
      // None to buy: a client repairs its cart as it does for a sold-out line.
      available: 0,
    }));
  if (hidden.length > 0) return { ok: false, code: 'PRODUCT_HIDDEN', details: hidden };

  const chosen = new Set(fulfilmentFarmIds);
  const unchosen = new Map<string, ErrorDetail>();
  for (const [, product] of found) {
    if (!chosen.has(product.farmId)) {
      unchosen.set(product.farmId, {
        field: 'fulfilment',
        message: `Choose pickup or delivery for ${product.farmName}`,
      });
    }
  }
  if (unchosen.size > 0) {
    return { ok: false, code: 'FULFILMENT_MISSING', details: [...unchosen.values()] };
  }

  const repriced = found
    .filter(
      ([item, product]) =>
        item.price !== undefined && dollarsToCents(item.price) !== product.priceCents,
    )
    .map(([, product]) =>
      priceChangedDetail({
        productId: product.id,
        name: product.name,
        priceCents: product.priceCents,
      }),
    );
  if (repriced.length > 0) return { ok: false, code: 'PRICE_CHANGED', details: repriced };

  const short = stockShortfalls(items, products, today);
  if (short.length > 0) {
    return {
      ok: false,
      code: 'INSUFFICIENT_STOCK',
      details: inLockOrder(short).map(stockShortfallDetail),
    };
  }

  const farms = new Map<string, FarmLines>();
  for (const [item, product] of found) {
    const line = {
      productId: product.id,
      name: product.name,
      unit: product.unit,
      priceCents: product.priceCents,
      quantity: item.quantity,
    };
    const farm = farms.get(product.farmId) ?? { farmId: product.farmId, lines: [] };
    farm.lines.push({ ...line, lineTotalCents: lineTotalCents(line) });
    farms.set(product.farmId, farm);
  }
  return { ok: true, farms: [...farms.values()].sort((a, b) => (a.farmId < b.farmId ? -1 : 1)) };
}
