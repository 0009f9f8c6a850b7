import { errorAnswer, idParams } from '@furrow/domain/api/common';
import {
  listPreordersQuery,
  preorderBody,
  preorderListAnswer,
  preorderMessageAnswer,
} from '@furrow/domain/api/preorders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireViewer } from '../../plugins/session';
import {
  cancelPreorder,
  createPreorder,
  listPreorders,
  replacePreorder,
} from './preorders.service';

const bearer = [{ bearer: [] }];
const refusals = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

/** Pre-orders (product rules: pre-orders): list, add, replace one by id, cancel. */
export const preordersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/preorders',
    {
      schema: {
        tags: ['pre-orders'],
        summary: "A customer's own pre-orders; a farmer's products' pre-orders; all for admins",
        security: bearer,
        querystring: listPreordersQuery,
        response: { 200: preorderListAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    async (request) => ({
      preOrders: await listPreorders(db, requireViewer(request, 'preorder.list'), request.query),
    }),
  );

  app.post(
    '/preorders',
    {
      schema: {
        tags: ['pre-orders'],
        summary: 'Pre-order a product that is sold out or not yet harvested (customer)',
        description:
          "When stock arrives (the farmer adds it, or the harvest date comes), pending pre-orders become orders oldest first, each whole or not at all; one that does not fit waits while younger ones that fit are filled. The order is a pickup at the farm's next slot, paid at pickup, and the customer is e-mailed. A product that can be bought now is a 409 PREORDER_NOT_ALLOWED.",
        security: bearer,
        body: preorderBody,
        response: { 201: preorderMessageAnswer, ...refusals, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      const customer = requireViewer(request, 'preorder.place');
      const preOrder = await createPreorder(db, customer, request.body);
      return reply.status(201).send({ message: 'Pre-order placed', preOrder });
    },
  );

  app.put(
    '/preorders/:id',
    {
      schema: {
        tags: ['pre-orders'],
        summary: 'Replace a pending pre-order (its customer)',
        description:
          "Another product joins the back of that product's queue; the same product keeps its place.",
        security: bearer,
        params: idParams,
        body: preorderBody,
        response: { 200: preorderMessageAnswer, ...refusals, 409: errorAnswer },
      },
    },
    async (request) => {
      const viewer = requireViewer(request, 'preorder.change');
      const preOrder = await replacePreorder(db, viewer, request.params.id, request.body);
      return { message: 'Pre-order updated', preOrder };
    },
  );

  app.delete(
    '/preorders/:id',
    {
      schema: {
        tags: ['pre-orders'],
        summary: 'Cancel a pending pre-order (its customer)',
        security: bearer,
        params: idParams,
        response: { 200: preorderMessageAnswer, ...refusals, 409: errorAnswer },
      },
    },
    async (request) => {
      const viewer = requireViewer(request, 'preorder.change');
      const preOrder = await cancelPreorder(db, viewer, request.params.id);
      return { message: 'Pre-order cancelled', preOrder };
    },
  );
};
