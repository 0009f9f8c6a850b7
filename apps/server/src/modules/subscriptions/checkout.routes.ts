import { errorAnswer } from '@furrow/domain/api/common';
import {
  subStatusAnswer,
  subStatusQuery,
  subscribeAnswer,
  subscribeBody,
} from '@furrow/domain/api/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewer } from '../../plugins/session';
import { type CheckoutDeps, shopSubscriptionStatus, subscribeShop } from './checkout.service';

const bearer = [{ bearer: [] }];

/** The two shop subscription calls, at their fixed paths. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ deps: CheckoutDeps }> = async (
  app,
  { deps },
) => {
  app.post(
    '/shop/subscription/subscribe',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "Pay for a shop's plan: answers the payment redirect address",
        description:
          "A checkout in subscription mode with the plan's 14-day trial, for the shop's payment customer (made on first use and kept as the shop's `stripeCustomerId`). The plan starts when the provider reports the checkout complete. An unknown plan is 400 'Invalid plan selected'; someone else's shop is 404.",
        security: bearer,
        body: subscribeBody,
        response: {
          200: subscribeAnswer,
          400: errorAnswer,
          401: errorAnswer,
          403: errorAnswer,
          404: errorAnswer,
          409: errorAnswer,
        },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'farm.subscribe');
      return { message: 'Continue to payment', url: await subscribeShop(deps, user, request.body) };
    },
  );

  app.get(
    '/sub_status',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "A shop's subscription status by its stripeCustomerId",
        description:
          'The shop owner or an admin; anyone else gets 404. `null` when the shop has no plan yet.',
        security: bearer,
        querystring: subStatusQuery,
        response: { 200: subStatusAnswer, 400: errorAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'subscription.manage');
      return {
        subscriptionStatus: await shopSubscriptionStatus(
          deps,
          user,
          request.query.stripeCustomerId,
        ),
      };
    },
  );
};
