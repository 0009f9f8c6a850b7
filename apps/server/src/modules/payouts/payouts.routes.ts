import { errorAnswer } from '@furrow/domain/api/common';
import { farmIdParams, payoutsAnswer, payoutsOnboardingAnswer } from '@furrow/domain/api/farms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../plugins/session';
import { type PayoutsDeps, readPayouts, startOnboarding } from './payouts.service';

const bearer = [{ bearer: [] }];

/** A farm's payouts account, where shoppers' card payments go (Stripe Connect Express). */
export const payoutsRoutes: FastifyPluginAsyncZod<{ deps: PayoutsDeps }> = async (
  app,
  { deps },
) => {
  app.get(
    '/farms/:farmId/payouts',
    {
      schema: {
        tags: ['payouts'],
        summary: "The farm's payouts connection: not_connected, pending or connected",
        description:
          'For the owner and admins; others get 404. An account still onboarding is read again from the provider.',
        security: bearer,
        params: farmIdParams,
        response: { 200: payoutsAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const viewer = requireViewer(request, 'farm.payouts');
      return { payouts: { state: await readPayouts(deps, viewer, request.params.farmId) } };
    },
  );

  app.post(
    '/farms/:farmId/payouts/onboarding',
    {
      schema: {
        tags: ['payouts'],
        summary: 'Connect payouts: the address where the farmer finishes onboarding',
        description:
          "Opens the farm's connected account (Express) the first time, and answers a fresh onboarding link that returns to the dashboard.",
        security: bearer,
        params: farmIdParams,
        response: { 200: payoutsOnboardingAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const viewer = requireViewer(request, 'farm.payouts');
      const url = await startOnboarding(deps, viewer, request.params.farmId);
      return { message: 'Finish connecting payouts at the payment provider', url };
    },
  );
};
