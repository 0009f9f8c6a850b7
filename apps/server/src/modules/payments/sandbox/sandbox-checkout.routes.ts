import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleWebhook, type WebhookDeps } from '../webhook.service';
import {
  renderCheckoutGone,
  renderCheckoutPage,
  renderOnboardingPage,
} from './sandbox-checkout-page';
import { asSandbox, type SandboxProvider } from './sandbox-provider';

const checkoutParams = z.object({ id: z.string().regex(/^cs_sandbox_[0-9a-f]+$/) });
const accountParams = z.object({ id: z.string().regex(/^acct_sandbox_[0-9a-f]+$/) });
const cardForm = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(200).default(''),
});

/**
 * The sandbox provider's hosted checkout, served by Furrow when no Stripe key is set. A paid
 * checkout's events go through the webhook handler Stripe's would, signed the same way, before the
 * farmer is sent back, so the plan shows at once on the page they return to.
 */
const sandboxCheckoutRoutes: FastifyPluginAsyncZod<{
  deps: WebhookDeps;
  sandbox: SandboxProvider;
}> = async (app, { deps, sandbox }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/sandbox/checkout/:id',
    {
      schema: {
        tags: ['sandbox'],
        summary: "The sandbox provider's hosted checkout page (HTML)",
        description:
          'Served only when no Stripe key is set. A plain form (card number, expiry, CVC, name) that works without JavaScript; 404 once paid or unknown.',
        params: checkoutParams,
      },
    },
    async (request, reply) => {
      const checkout = await sandbox.findCheckout(request.params.id);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (checkout?.status !== 'open') return reply.status(404).send(renderCheckoutGone());
      return renderCheckoutPage(checkout);
    },
  );

  app.post(
    '/sandbox/checkout/:id',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Pay a sandbox checkout (HTML form post)',
        description:
          '4242 4242 4242 4242 starts the plan, delivers signed events to the webhook handler and answers 303 to the return address; 4000 0000 0000 0002 answers 402 with "Your card was declined." and starts nothing.',
        consumes: ['application/x-www-form-urlencoded'],
        params: checkoutParams,
        body: cardForm,
      },
    },
    async (request, reply) => {
      const checkout = await sandbox.findCheckout(request.params.id);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (checkout?.status !== 'open') return reply.status(404).send(renderCheckoutGone());
      const outcome = await sandbox.payCheckout(checkout.id, request.body, deps.clock());
      if (!outcome.paid) {
        return reply
          .status(402)
          .send(renderCheckoutPage(checkout, { error: outcome.message, name: request.body.name }));
      }
      for (const delivery of outcome.deliveries) {
        await handleWebhook(deps, delivery.payload, delivery.signature);
      }
      return reply.redirect(outcome.redirectUrl, 303);
    },
  );

  app.get(
    '/sandbox/connect/:id',
    {
      schema: {
        tags: ['sandbox'],
        summary: "The sandbox provider's payouts onboarding page (HTML)",
        description:
          "Stands for Stripe Connect's Express onboarding: one button connects the farm's account.",
        params: accountParams,
      },
    },
    async (request, reply) => {
      const onboarding = await sandbox.findOnboarding(request.params.id);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!onboarding) return reply.status(404).send(renderCheckoutGone());
      return renderOnboardingPage(onboarding);
    },
  );

  app.post(
    '/sandbox/connect/:id',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Finish the sandbox onboarding (HTML form post)',
        description:
          'The account may take charges from now on: an `account.updated` event goes through the webhook handler, then 303 to the dashboard.',
        params: accountParams,
      },
    },
    async (request, reply) => {
      const onboarding = await sandbox.findOnboarding(request.params.id);
      if (!onboarding) {
        return reply.status(404).type('text/html; charset=utf-8').send(renderCheckoutGone());
      }
      const outcome = await sandbox.completeOnboarding(onboarding.accountId, deps.clock());
      for (const delivery of outcome.deliveries) {
        await handleWebhook(deps, delivery.payload, delivery.signature);
      }
      return reply.redirect(outcome.redirectUrl, 303);
    },
  );
};

/** The sandbox's pages, at the site's root like Stripe's own host, when the sandbox is the provider. */
export async function registerSandboxPages(app: FastifyInstance, deps: WebhookDeps): Promise<void> {
  const sandbox = asSandbox(deps.payments);
  if (sandbox) await app.register(sandboxCheckoutRoutes, { deps, sandbox });
}
