import { toCsv } from './csv';
import type { LocalTime } from './farm-time';
import { isOpenOrder, type OrderStatus, orderStatusLabels } from './orders';

/**
 * A farmer's pick list for one pickup date: first what to gather from the field and the
 * shelves, product by product, then each order to pack with the customer's name. Cancelled and
 * completed orders are left out: nothing is gathered for them. Ready orders stay in: they are
 * packed but still to be handed over, and the list is also the hand-over checklist.
 */

export interface PickListLine {
  productId: string;
  name: string;
  unit: string;
  quantity: number;
}

export interface PickListOrder {
  number: string;
  customerName: string;
  status: OrderStatus;
  method: 'pickup' | 'delivery';
  /** When the pickup window starts; null for delivery or a farm without windows. */
  time: LocalTime | null;
  /** The pickup place or the delivery address. */
  place: string;
  note: string;
  lines: readonly PickListLine[];
}

export interface PickListProduct extends PickListLine {
  /** How many orders want it, so the farmer knows how many bags to fill. */
  orderCount: number;
}

export interface PickList {
  products: PickListProduct[];
  orders: PickListOrder[];
}

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** `HH:MM` strings order as times; no time (a delivery) comes after every time. */
function byTime(a: LocalTime | null, b: LocalTime | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

export function buildPickList(orders: readonly PickListOrder[]): PickList {
  // An order still waiting for its card payment may never be paid: nothing is gathered for it yet.
  const open = orders.filter(
    (order) => isOpenOrder(order.status) && order.status !== 'awaiting_payment',
  );
  const products = new Map<string, PickListProduct>();
  for (const order of open) {
    for (const line of order.lines) {
      const product = products.get(line.productId);
      if (product === undefined) {
        products.set(line.productId, { ...line, orderCount: 1 });
      } else {
        product.quantity += line.quantity;
        product.orderCount += 1;
      }
    }
  }
  return {
    products: [...products.values()].sort(
      (a, b) => byText(a.name, b.name) || byText(a.unit, b.unit),
    ),
    // In the order customers arrive: by pickup time, deliveries last, then by order number.
    orders: [...open].sort(
      (a, b) => byTime(a.time, b.time) || a.number.localeCompare(b.number, 'en', { numeric: true }),
    ),
  };
}

/** The pick list as a spreadsheet: the products to gather, a blank row, then one row per line. */
export function pickListCsv(list: PickList): string {
  return toCsv([
    ['Product', 'Unit', 'Quantity', 'Orders'],
    ...list.products.map((p) => [p.name, p.unit, p.quantity, p.orderCount]),
    [],
    [
      'Order',
      'Customer',
      'Status',
      'Method',
      'Time',
      'Place',
      'Product',
      'Unit',
      'Quantity',
      'Note',
    ],
    ...list.orders.flatMap((order) =>
      order.lines.map((line) => [
        order.number,
        order.customerName,
        orderStatusLabels[order.status],
        order.method === 'pickup' ? 'Pickup' : 'Delivery',
        order.time,
        order.place,
        line.name,
        line.unit,
        line.quantity,
        order.note,
      ]),
    ),
  ]);
}
