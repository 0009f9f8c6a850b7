import { browseProductsQuery, productListAnswer } from '@furrow/domain/api/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { browseProducts } from './browse.service';

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
    async (request) => ({ products: await browseProducts(db, request.query) }),
  );
};
