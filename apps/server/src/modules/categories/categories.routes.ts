import { categoryListAnswer } from '@furrow/domain/api/categories';
import { categories } from '@furrow/domain/categories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['products'],
        summary: 'The fixed list of product categories, in shop order',
        response: { 200: categoryListAnswer },
      },
    },
    async (_request, reply) => {
      // The list changes only with a release.
      reply.header('cache-control', 'public, max-age=3600');
      return { categories: categories.map(({ slug, name }) => ({ slug, name })) };
    },
  );
};
