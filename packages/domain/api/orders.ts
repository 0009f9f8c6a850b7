import { z } from 'zod';
import { orderStatuses } from '../orders';
import { MAX_STOCK } from '../stock';
import { dollars, isoDate } from './common';
import { latitude, longitude } from './coordinates';
import { userRoles } from './users';

/**
 * Checkout and orders (product rules: cart and checkout). Money is dollars here as everywhere in
 * the API; the order keeps integer cents inside.
 */

/** Pay the farm in person, at pickup or on delivery; or by card through the payment provider. */
export const paymentMethods = ['pay_at_pickup', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentStatuses = ['unpaid', 'pending', 'paid', 'refunded'] as const;
export const fulfilmentMethods = ['pickup', 'delivery'] as const;
export type FulfilmentMethod = (typeof fulfilmentMethods)[number];

/** A cart larger than this is a script, not a shopper. */
export const MAX_ORDER_ITEMS = 100;
export const ORDER_NOTE_MAX_LENGTH = 1000;
export const CANCEL_REASON_MAX_LENGTH = 500;

/** The header that makes a checkout safe to retry; required. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** A UUID fits comfortably; printable ASCII only, since the key travels in a header. */
export const idempotencyKeyField = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(200, 'must be at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

const point = z.object({ lat: latitude, lng: longitude });

const deliveryAddress = z.object({
  line: text(200).min(1, 'is required'),
  city: text(100).min(1, 'is required'),
  region: text(100).default(''),
  postalCode: text(20).default(''),
});

const orderItemBody = z.object({
  productId: z.uuid(),
  quantity: z.number().int().min(1, 'must be at least 1').max(MAX_STOCK),
  /** The unit price the shopper saw; if it changed since, checkout answers PRICE_CHANGED. */
  price: dollars.optional(),
});

const fulfilmentBody = z.discriminatedUnion('method', [
  z.object({
    farmId: z.uuid(),
    method: z.literal('pickup'),
    /** One of the slots checkout offered; left out only when the farm has no pickup windows. */
    slotId: z.string().min(1).max(100).optional(),
  }),
  z.object({
    farmId: z.uuid(),
    method: z.literal('delivery'),
    address: deliveryAddress,
    /** Where the address is, from the browser or `GET /api/geo/lookup`: the radius is measured to it. */
    point,
  }),
]);

function isUnique<T>(values: readonly T[]): boolean {
  return new Set(values).size === values.length;
}

/** `POST /api/orders` with an `Idempotency-Key` header: the cart becomes one order per farm. */
export const createOrderBody = z.object({
  items: z
    .array(orderItemBody)
    .min(1, 'add at least one product')
    .max(MAX_ORDER_ITEMS, `at most ${MAX_ORDER_ITEMS} products per order`)
    .refine((items) => isUnique(items.map((item) => item.productId)), 'list each product once'),
  /** One entry per farm in the cart. */
  fulfilment: z
    .array(fulfilmentBody)
    .max(MAX_ORDER_ITEMS)
    .refine((entries) => isUnique(entries.map((entry) => entry.farmId)), 'one choice per farm'),
  payment: z.enum(paymentMethods).default('pay_at_pickup'),
  note: text(ORDER_NOTE_MAX_LENGTH).default(''),
});
export type CreateOrderBody = z.input<typeof createOrderBody>;
export type CreateOrder = z.output<typeof createOrderBody>;

/** A line as ordered: a snapshot, so later renames and price changes leave the order as it was. */
const orderLineAnswer = z.object({
  /** Null once the farmer who sold it has deleted their account; the rest of the line stays. */
  productId: z.uuid().nullable(),
  name: z.string(),
  unit: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
});

const statusChangeAnswer = z.object({
  status: z.enum(orderStatuses),
  at: isoDate,
  /** Who made the change; null for the system (a pre-order filled, a card hold expired). */
  byRole: z.enum(userRoles).nullable(),
  reason: z.string().nullable(),
});

const fulfilmentAnswer = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('pickup'),
    /** Null when the farm takes pickups on its instructions alone. */
    slot: z
      .object({
        id: z.string(),
        date: z.string(),
        from: z.string(),
        to: z.string(),
        place: z.string(),
        startsAt: isoDate,
        endsAt: isoDate,
      })
      .nullable(),
    instructions: z.string(),
  }),
  z.object({
    method: z.literal('delivery'),
    address: z.object({
      line: z.string(),
      city: z.string(),
      region: z.string(),
      postalCode: z.string(),
    }),
    point,
    distanceKm: z.number(),
  }),
]);

export const orderAnswer = z.object({
  id: z.uuid(),
  /** The short number people read out: `F-10427`. */
  number: z.string(),
  status: z.enum(orderStatuses),
  /** The farm's id is null once its farmer has deleted their account; the name stays. */
  farm: z.object({ id: z.uuid().nullable(), name: z.string() }),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  lines: z.array(orderLineAnswer),
  subtotal: z.number(),
  deliveryFee: z.number(),
  total: z.number(),
  payment: z.enum(paymentMethods),
  paymentStatus: z.enum(paymentStatuses),
  /**
   * While a card order awaits its payment: the provider's hosted checkout, where the shopper pays
   * (or tries another card), and when the order is released unpaid. Null otherwise.
   */
  paymentUrl: z.url().nullable(),
  paymentDueAt: isoDate.nullable(),
  fulfilment: fulfilmentAnswer,
  note: z.string(),
  /** Every status the order has had, oldest first, starting with `placed`. */
  history: z.array(statusChangeAnswer),
  /** The pre-order this order filled, if it came from one. */
  preorderId: z.uuid().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Order = z.infer<typeof orderAnswer>;

/**
 * 201 from checkout; `url` is where to pay when paying by card: the first order's hosted checkout
 * (each farm is paid on its own, so each card order carries its own `paymentUrl`).
 */
export const createOrderAnswer = z.object({
  message: z.string(),
  orders: z.array(orderAnswer),
  url: z.url().optional(),
});
export type CreateOrderAnswer = z.infer<typeof createOrderAnswer>;

/** `PATCH /api/orders/{id}/status`. Who may make which move is `checkOrderMove`'s to say. */
export const orderStatusBody = z.object({
  status: z.enum(orderStatuses),
  reason: text(CANCEL_REASON_MAX_LENGTH).optional(),
});
export type OrderStatusBody = z.input<typeof orderStatusBody>;

/** `GET /api/orders`: a customer's own orders, or the orders of a farmer's farms (all, for admins). */
export const listOrdersQuery = z.object({
  status: z.enum(orderStatuses).optional(),
  farmId: z.uuid().optional(),
  /** Orders whose pickup slot falls on this date, on the farm's calendar. */
  pickupDate: z.iso.date('must be a date (YYYY-MM-DD)').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ListOrdersQuery = z.output<typeof listOrdersQuery>;

export const orderListAnswer = z.object({
  orders: z.array(orderAnswer),
  /** All orders matching the filters, for paging. */
  total: z.number().int(),
});

export const orderEnvelope = z.object({ order: orderAnswer });
export const orderMessageAnswer = z.object({ message: z.string(), order: orderAnswer });

/** A farmer's pick list for one farm and one pickup date, as JSON or CSV (`buildPickList`). */
export const pickListQuery = z.object({
  farmId: z.uuid(),
  /** Without it, the next day with open orders on the farm's calendar (or today, with none). */
  date: z.iso.date('must be a date (YYYY-MM-DD)').optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

const pickListLine = z.object({
  productId: z.uuid(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
});

export const pickListAnswer = z.object({
  date: z.string(),
  /** The farm's next days with open orders (placed, confirmed or ready), from today, soonest first. */
  upcoming: z.array(z.object({ date: z.string(), orders: z.number().int() })),
  farm: z.object({ id: z.uuid(), name: z.string() }),
  products: z.array(pickListLine.extend({ orderCount: z.number().int() })),
  orders: z.array(
    z.object({
      number: z.string(),
      customerName: z.string(),
      status: z.enum(orderStatuses),
      method: z.enum(fulfilmentMethods),
      time: z.string().nullable(),
      place: z.string(),
      note: z.string(),
      lines: z.array(pickListLine),
    }),
  ),
});
