import { orderStatuses } from '@furrow/domain/orders';
import { z } from 'zod';
import { defineEvent } from '../../domain-events/event-kind';

/**
 * What orders tell the rest of the server. Each carries what the farm's figures need (the farm, the
 * day it was ordered, what it is worth), so that no subscriber reads orders back. Dates are
 * coerced so that a payload read back from a job's JSON parses as well.
 */
const orderFacts = z.object({
  orderId: z.uuid(),
  farmId: z.uuid(),
  placedAt: z.coerce.date(),
  totalCents: z.number().int(),
});

/** An order was placed and binds the farm: paid at pickup, or a filled pre-order. */
export const orderPlaced = defineEvent('order.placed', orderFacts);

/** A card order's payment arrived: the order is placed now (product rules: card payments). */
export const orderPaid = defineEvent('order.paid', orderFacts);

/** An order was cancelled; one cancelled while it awaited its card payment was never placed. */
export const orderCancelled = defineEvent(
  'order.cancelled',
  orderFacts.extend({ previousStatus: z.enum(orderStatuses) }),
);
