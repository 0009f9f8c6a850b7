import { errorAnswer, idParams } from '@furrow/domain/api/common';
import {
  createOrderAnswer,
  createOrderBody,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyField,
  listOrdersQuery,
  orderEnvelope,
  orderListAnswer,
  orderMessageAnswer,
  orderStatusBody,
} from '@furrow/domain/api/orders';
import { AppError } from '@furrow/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../../plugins/session';
import type { CardPaymentDeps } from './card-payments';
import { checkout } from './checkout.workflow';
import { getOrder, listOrders } from './order-queries';
import { changeOrderStatus } from './order-status';

const bearer = [{ bearer: [] }];

const checkoutHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeyField.optional() });

/**
 * Checkout and the order lifecycle (product rules: cart and checkout; orders and their statuses).
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ deps: CardPaymentDeps }> = async (
  app,
  { deps },
) => {
  const { db } = deps;
  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Check out: the cart becomes one order per farm',
        description:
          'Requires an `Idempotency-Key` header: the same key and body answer the same orders again and take nothing twice; the same key with another body is a 409. Stock is taken for every line or for none: a line that cannot be served answers 409 "Insufficient stock" with `details` naming each product short (`requested`, `available`). A line carrying the `price` the shopper saw answers 409 PRICE_CHANGED with the current price when it changed. With `payment: "card"` every farm must take cards (else 409 CARD_NOT_ACCEPTED): the orders wait as `awaiting_payment`, holding their stock for 30 minutes, each with its `paymentUrl` (the hosted checkout of the provider, paid to the connected account of the farm), and the answer `url` is the first; the confirmation by the provider makes them `placed`; unpaid ones are released. 503 PAYMENT_UNAVAILABLE when the provider cannot be reached (nothing is kept). A suspended farm is 409 FARM_NOT_ACTIVE; a full or unknown pickup slot, an address outside the delivery radius or an order under the delivery minimum are 409 too.',
        security: bearer,
        headers: checkoutHeaders,
        body: createOrderBody,
        response: {
          201: createOrderAnswer,
          400: errorAnswer,
          401: errorAnswer,
          403: errorAnswer,
          404: errorAnswer,
          409: errorAnswer,
          503: errorAnswer,
        },
      },
    },
    async (request, reply) => {
      const customer = requireViewer(request, 'order.place');
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (!key) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
      return reply.status(201).send(await checkout(deps, customer, key, request.body));
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: "A customer's own orders; a farmer's farms' orders; every order for admins",
        description:
          "Newest first, `limit` at a time from `offset`; `total` counts every match. `pickupDate` is the day the order is packed for on the farm's calendar: its pickup slot's date, or the day it was placed when it has no slot.",
        security: bearer,
        querystring: listOrdersQuery,
        response: { 200: orderListAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    async (request) => listOrders(db, requireViewer(request, 'order.list'), request.query),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: "One order, for its customer, its farm's farmer and admins",
        security: bearer,
        params: idParams,
        response: { 200: orderEnvelope, 400: errorAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => ({
      order: await getOrder(db, requireViewer(request, 'order.read'), request.params.id),
    }),
  );

  app.patch(
    '/orders/:id/status',
    {
      schema: {
        tags: ['orders'],
        summary: 'Move an order along placed, confirmed, ready, completed; or cancel it',
        description:
          "The farm's farmer (and admins) move an order forward or cancel it with a `reason`; its customer may cancel while it is placed. Cancelling returns the stock in the same transaction, and pending pre-orders of those products are filled from it. Any other move is a 409 whose `details[0].allowed` lists the statuses allowed next.",
        security: bearer,
        params: idParams,
        body: orderStatusBody,
        response: {
          200: orderMessageAnswer,
          400: errorAnswer,
          401: errorAnswer,
          404: errorAnswer,
          409: errorAnswer,
        },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'order.move');
      const order = await changeOrderStatus(db, user, request.params.id, request.body);
      return { message: `Order ${order.number} is ${order.status}`, order };
    },
  );
};
