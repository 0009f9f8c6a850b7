import { errorAnswer } from '@furrow/domain/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleWebhook, type WebhookDeps } from './webhook.service';

/** Stripe's (and the sandbox's) event deliveries. */
export const webhookRoutes: FastifyPluginAsyncZod<{ deps: WebhookDeps }> = async (
  app,
  { deps },
) => {
  // The signature covers the exact bytes sent, so this route keeps the body as it came; the
  // parser is scoped to this plugin and every other route still parses JSON.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Card provider events (Stripe-Signature over the raw body)',
        description:
          'A missing, wrong or older than 300 s signature is 400 and changes nothing. Each event id is applied once; the event only triggers a read of the subscription from the provider.',
        headers: z.object({ 'stripe-signature': z.string().optional() }),
        response: {
          200: z.object({ received: z.literal(true), applied: z.boolean() }),
          400: errorAnswer,
        },
      },
    },
    async (request) => {
      const { applied } = await handleWebhook(
        deps,
        request.body as Buffer,
        request.headers['stripe-signature'],
      );
      return { received: true as const, applied };
    },
  );
};
