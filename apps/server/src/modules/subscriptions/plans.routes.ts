import { plansAnswer } from '@furrow/domain/api/subscriptions';
import { plans } from '@furrow/domain/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The plan catalogue (product rules: plans and limits), public: the pricing page shows it before
 * anyone signs in.
 */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/plans',
    {
      schema: {
        tags: ['plans'],
        summary: 'The plans a farmer can choose',
        response: { 200: plansAnswer },
      },
    },
    async () => ({ plans: plans }),
  );
};
