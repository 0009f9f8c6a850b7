import { type BrowseProductsQuery, PRODUCTS_PER_FARM_ROUND } from '@furrow/domain/api/products';
import type { Db } from '../../db/client';
import { type NearbyFarm, nearbyFarmsFromMemory } from './nearby-farms-index';
import {
  browseDay,
  farmProducts,
  type HeldFarm,
  type ShownProduct,
  type WholeFarm,
} from './shown-products-index';
import { compareUuids } from './uuid-order';

/** Farms whose products the first look of a page reads; each later look reads twice as many. */
const FIRST_GROUP_OF_FARMS = 4;

type MemoryBrowse = Omit<BrowseProductsQuery, 'q'>;

/** A farm's products in one of browse's orders: all of them, or the first ones of a head. */
interface Order {
  products: ShownProduct[];
  complete: boolean;
}

interface Picked {
  product: ShownProduct;
  /** Index of its farm among the nearby farms, nearest first. */
  farm: number;
}

/**
 * The answer of `GET /api/products` without a search text, as JSON, from the copies of the active
 * farms and of their shown products kept in memory: the very page `productPage` (the SQL reference)
 * gives, each product's answer serialized once when read and its distance appended here. Null when
 * the farms it needs cannot be held now (`farmProducts`), or when the page needs more of a farm
 * than its head: the database answers that browse.
 */
export async function browseAnswerFromMemory(
  db: Db,
  options: MemoryBrowse,
): Promise<string | null> {
  const nearby = await nearbyFarmsFromMemory(db, options);
  const wanted = options.offset + options.limit;
  let picked: Picked[] = [];
  let group: NearbyFarm[] = [];
  if (nearby.count > 0) {
    const day = await browseDay(db);
    if (options.sort === 'nearest') {
      // As `browseProducts`: a growing group of the nearest farms until the page cannot change.
      let groupSize = Math.max(FIRST_GROUP_OF_FARMS, Math.ceil(wanted / PRODUCTS_PER_FARM_ROUND));
      for (;;) {
        group = nearby.nearest(groupSize);
        const held = await farmProducts(
          db,
          group.map((farm) => farm.id),
          { headsOn: day },
        );
        if (!held) return null;
        const orders = held.map((farm) => {
          const order = nearestOrder(farm, day);
          return { ...order, products: inCategory(order.products, options.categorySlug) };
        });
        const page = nearestPage(orders, wanted);
        if (!page) return null;
        picked = page.picked;
        if (group.length === nearby.count || page.settled) break;
        groupSize *= 2;
      }
    } else {
      group = nearby.nearest(nearby.count);
      const lists = await farmProducts(
        db,
        group.map((farm) => farm.id),
      );
      if (!lists) return null;
      picked =
        options.sort === 'price'
          ? merge(
              lists.map((list) => inCategory(ordersOf(list, day).price, options.categorySlug)),
              wanted,
              (a, b) =>
                notForSale(a.product, day) - notForSale(b.product, day) ||
                a.product.priceCents - b.product.priceCents ||
                a.farm - b.farm ||
                compareUuids(a.product.id, b.product.id),
            )
          : merge(
              lists.map((list) => inCategory(list.products, options.categorySlug)),
              wanted,
              (a, b) =>
                b.product.createdAtMicros - a.product.createdAtMicros ||
                a.farm - b.farm ||
                compareUuids(a.product.id, b.product.id),
            );
    }
  }
  const distances = group.map((farm) =>
    JSON.stringify(Math.round((farm.distanceMetres / 1000) * 10) / 10),
  );
  let body = '{"products":[';
  for (let i = options.offset; i < picked.length; i++) {
    const { product, farm } = picked[i] as Picked;
    if (i > options.offset) body += ',';
    for (const part of product.json) body += part;
    body += `${distances[farm]}}`;
  }
  return `${body}]}`;
}

/**
 * Round after round of `PRODUCTS_PER_FARM_ROUND` products of each farm, nearest farm first. The
 * page is settled when it fills within the first round: farms further away could only follow it.
 * Null when the page needs more of a farm than its head holds.
 */
function nearestPage(
  orders: Order[],
  wanted: number,
): { picked: Picked[]; settled: boolean } | null {
  const picked: Picked[] = [];
  for (let round = 0; picked.length < wanted; round++) {
    const start = round * PRODUCTS_PER_FARM_ROUND;
    let more = false;
    for (let farm = 0; farm < orders.length && picked.length < wanted; farm++) {
      const order = orders[farm] as Order;
      const end = start + Math.min(PRODUCTS_PER_FARM_ROUND, wanted - picked.length);
      if (!order.complete && end > order.products.length) return null;
      if (start >= order.products.length) continue;
      more = true;
      for (let i = start; i < Math.min(end, order.products.length); i++) {
        picked.push({ product: order.products[i] as ShownProduct, farm });
      }
    }
    if (!more) break;
    if (picked.length === wanted) return { picked, settled: round === 0 };
  }
  return { picked, settled: false };
}

/** The first `wanted` products of farms' lists, each already in `compare`'s order. */
function merge(
  orders: ShownProduct[][],
  wanted: number,
  compare: (a: Picked, b: Picked) => number,
): Picked[] {
  const next = orders.map(() => 0);
  // A binary heap of each farm's next product.
  const heap: Picked[] = [];
  const push = (item: Picked) => {
    heap.push(item);
    for (let i = heap.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (compare(heap[i] as Picked, heap[parent] as Picked) >= 0) break;
      [heap[i], heap[parent]] = [heap[parent] as Picked, heap[i] as Picked];
      i = parent;
    }
  };
  const pop = (): Picked => {
    const top = heap[0] as Picked;
    const last = heap.pop() as Picked;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ; ) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < heap.length && compare(heap[left] as Picked, heap[least] as Picked) < 0)
          least = left;
        if (right < heap.length && compare(heap[right] as Picked, heap[least] as Picked) < 0)
          least = right;
        if (least === i) break;
        [heap[i], heap[least]] = [heap[least] as Picked, heap[i] as Picked];
        i = least;
      }
    }
    return top;
  };
  orders.forEach((order, farm) => {
    if (order.length > 0) push({ product: order[0] as ShownProduct, farm });
  });
  const picked: Picked[] = [];
  while (picked.length < wanted && heap.length > 0) {
    const item = pop();
    picked.push(item);
    const order = orders[item.farm] as ShownProduct[];
    const i = (next[item.farm] ?? 0) + 1;
    next[item.farm] = i;
    if (i < order.length) push({ product: order[i] as ShownProduct, farm: item.farm });
  }
  return picked;
}

/**
 * A farm's products in browse's orders on `day`: within a farm, what can be bought that day first,
 * then newest first (`nearest`); or what can be bought first, then cheapest (`price`). Worked out
 * once a day per farm: an upcoming product goes on sale when its day comes, with no write.
 */
function ordersOf(list: WholeFarm, day: string): NonNullable<WholeFarm['byDay']> {
  if (list.byDay?.day === day) return list.byDay;
  const forSale = list.products.filter((product) => notForSale(product, day) === 0);
  const nearest =
    forSale.length === list.products.length
      ? list.products
      : [...forSale, ...list.products.filter((product) => notForSale(product, day) === 1)];
  const price = [...nearest].sort(
    (a, b) =>
      notForSale(a, day) - notForSale(b, day) ||
      a.priceCents - b.priceCents ||
      compareUuids(a.id, b.id),
  );
  list.byDay = { day, nearest, price };
  return list.byDay;
}

/** Browse near's order of a farm on `day`: a head's products are its first ones. */
function nearestOrder(farm: HeldFarm, day: string): Order {
  return farm.kind === 'whole'
    ? { products: ordersOf(farm, day).nearest, complete: true }
    : { products: farm.nearest, complete: false };
}

/** The products of one category, in their order: of a head's, the first ones of that category. */
function inCategory(order: ShownProduct[], categorySlug: string | undefined): ShownProduct[] {
  return categorySlug ? order.filter((product) => product.categorySlug === categorySlug) : order;
}

/** SQL's `stock = 0 or coalesce(available_from > current_date, false)`, as 1 or 0. */
function notForSale(product: ShownProduct, day: string): number {
  return product.stock === 0 || (product.availableFrom !== null && product.availableFrom > day)
    ? 1
    : 0;
}
