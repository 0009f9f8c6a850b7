import { plansAnswer } from '@furrow/domain/api/subscriptions';
import { plans } from '@furrow/domain/plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The plan catalogue of spec 9, public: the pricing page shows it before anyone signs in. */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/plans',
    {
      schema: {
        tags: ['plans'],
        summary: 'The plans a farmer can choose (spec 9)',
        response: { 200: plansAnswer },
      },
    },
    async () => ({ plans: plans }),
  );
};
