import { browseProductsQuery, productListAnswer } from '@furrow/domain/api/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { browseProducts } from './browse.service';
import { browseAnswerFromMemory } from './browse-memory';

export const browseRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Products near a location, nearest first',
        description:
          'Products of active farms within `radiusKm` (default 50 km) of `lat`/`long`, optionally of one category or matching a search text.',
        querystring: browseProductsQuery,
        response: { 200: productListAnswer },
      },
    },
    async (request, reply) => {
      // A search text is matched by the database (ILIKE); everything else is served from memory,
      // as JSON each product's answer was checked against `productAnswer` for once, when read,
      // unless the farms it needs cannot be held now.
      const body = request.query.q ? null : await browseAnswerFromMemory(db, request.query);
      if (body === null) return { products: await browseProducts(db, request.query) };
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
