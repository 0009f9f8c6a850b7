import { errorAnswer, idParams, messageAnswer } from '@furrow/domain/api/common';
import {
  addPaymentMethodBody,
  billingHistoryAnswer,
  cancelSubscriptionBody,
  changePlanBody,
  createSubscriptionBody,
  currentSubscriptionAnswer,
  marketingPreferencesBody,
  paymentMethodMessageAnswer,
  paymentMethodsAnswer,
  subscriptionListAnswer,
  subscriptionMessageAnswer,
} from '@furrow/domain/api/subscriptions';
import { formatLongDate } from '@furrow/domain/dates';
import { centsToDollars } from '@furrow/domain/money';
import { getPlan } from '@furrow/domain/plans';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { requireViewer } from '../../plugins/session';
import { authorize } from '../../policy/policy';
import {
  addPaymentMethod,
  deletePaymentMethod,
  listPaymentMethods,
  toPaymentMethodAnswer,
} from './payment-methods.service';
import { productsHiddenByPlan } from './plan-limits';
import { toSubscriptionAnswer } from './subscription-answer';
import {
  type BillingDeps,
  billingHistory,
  cancelSubscription,
  changeSubscriptionPlan,
  type FarmerSales,
  findCurrentSubscription,
  findSubscription,
  listSubscriptions,
  startSubscription,
  updateMarketingPreferences,
  withLiveUsage,
} from './subscriptions.service';

const bearer = [{ bearer: [] }];

/** A farmer acting on their own plan; an admin reaches farmers' plans through their ids instead. */
function ownPlanViewer(request: FastifyRequest) {
  const user = requireViewer(request, 'plan.manageOwn');
  authorize(user, 'plan.manageOwn');
  return user;
}
const refusals = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

/**
 * A farmer's plan and what goes with it. Someone else's subscription or payment method answers 404,
 * as if it did not exist; admins reach all of them.
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{
  deps: BillingDeps;
  farmerSales: FarmerSales;
}> = async (app, { deps, farmerSales }) => {
  const { db } = deps;

  app.post(
    '/subscriptions',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Start a plan: a 14-day trial, no card needed yet',
        description:
          "An unknown plan is 400 'Invalid plan selected'; a farmer who already has a plan in trial or active gets 409.",
        security: bearer,
        body: createSubscriptionBody,
        response: { 201: subscriptionMessageAnswer, ...refusals, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      const user = ownPlanViewer(request);
      const row = await withTransaction(db, (tx) =>
        startSubscription(tx, user.id, request.body, deps.clock()),
      );
      return reply
        .status(201)
        .send({ message: 'Your trial has started', subscription: toSubscriptionAnswer(row) });
    },
  );

  app.get(
    '/subscriptions/current',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The caller's current plan (trial or active, else past due), or null",
        security: bearer,
        response: { 200: currentSubscriptionAnswer, 401: errorAnswer, 403: errorAnswer },
      },
    },
    async (request) => {
      const user = ownPlanViewer(request);
      const row = await findCurrentSubscription(db, user.id);
      return {
        subscription:
          row && toSubscriptionAnswer(await withLiveUsage(db, row, deps.clock(), farmerSales)),
        hiddenByPlan: await productsHiddenByPlan(db, user.id),
      };
    },
  );

  app.get(
    '/subscriptions',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The caller's subscriptions, newest first, cancelled ones included",
        description:
          'A cancelled plan is no longer current but its farmer still sees it, with its reason and billing history.',
        security: bearer,
        response: { 200: subscriptionListAnswer, 401: errorAnswer, 403: errorAnswer },
      },
    },
    async (request) => {
      const user = ownPlanViewer(request);
      const rows = await listSubscriptions(db, user.id);
      const now = deps.clock();
      return {
        subscriptions: await Promise.all(
          rows.map(async (row) =>
            toSubscriptionAnswer(await withLiveUsage(db, row, now, farmerSales)),
          ),
        ),
      };
    },
  );

  app.get(
    '/subscriptions/:id',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'One subscription (owner or admin)',
        security: bearer,
        params: idParams,
        response: { 200: subscriptionMessageAnswer.omit({ message: true }), ...refusals },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'subscription.manage');
      const row = await findSubscription(db, user, request.params.id);
      return {
        subscription: toSubscriptionAnswer(await withLiveUsage(db, row, deps.clock(), farmerSales)),
      };
    },
  );

  app.post(
    '/subscriptions/:id/cancel',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancel a plan with a reason',
        description:
          'Status cancelled, autoRenew off, the reason kept. A plan bought through the checkout ends at the provider at the end of the period paid for.',
        security: bearer,
        params: idParams,
        body: cancelSubscriptionBody,
        response: { 200: subscriptionMessageAnswer, ...refusals },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'subscription.manage');
      const row = await cancelSubscription(deps, user, request.params.id, request.body.reason);
      return { message: 'Your plan is cancelled', subscription: toSubscriptionAnswer(row) };
    },
  );

  app.post(
    '/subscriptions/:id/change-plan',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Change plan or billing cycle',
        description:
          'Updates plan, price, features, end date and next billing date. During the trial the trial continues on the new plan; after it a new cycle starts at once. A plan billed by the payment provider is changed there first: 502 PLAN_CHANGE_UNAVAILABLE when it does not take the change, and nothing is changed.',
        security: bearer,
        params: idParams,
        body: changePlanBody,
        response: {
          200: subscriptionMessageAnswer,
          ...refusals,
          409: errorAnswer,
          502: errorAnswer,
        },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'subscription.manage');
      const row = await changeSubscriptionPlan(deps, user, request.params.id, request.body);
      const message =
        row.pendingPlanId && row.nextBillingDate
          ? `You move to ${getPlan(row.pendingPlanId).name} on ${formatLongDate(row.nextBillingDate)}, when your paid period ends`
          : `You are now on ${row.planName}`;
      return { message, subscription: toSubscriptionAnswer(row) };
    },
  );

  app.get(
    '/subscriptions/:id/billing-history',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'The charges of a subscription, newest first, and the total spent',
        security: bearer,
        params: idParams,
        response: { 200: billingHistoryAnswer, ...refusals },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'subscription.manage');
      const { records, totalSpentCents } = await billingHistory(db, user, request.params.id);
      return {
        records: records.map((record) => ({
          id: record.id,
          date: record.date.toISOString(),
          amount: centsToDollars(record.amountCents),
          description: record.description,
          status: record.status,
          invoiceUrl: record.invoiceUrl,
        })),
        totalSpent: centsToDollars(totalSpentCents),
      };
    },
  );

  app.patch(
    '/subscriptions/:id/marketing-preferences',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Change which marketing messages the farmer receives',
        security: bearer,
        params: idParams,
        body: marketingPreferencesBody,
        response: { 200: subscriptionMessageAnswer, ...refusals },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'subscription.manage');
      const row = await updateMarketingPreferences(
        db,
        user,
        request.params.id,
        request.body,
        deps.clock(),
      );
      return { message: 'Preferences saved', subscription: toSubscriptionAnswer(row) };
    },
  );

  app.get(
    '/payment-methods',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The caller's payment methods",
        security: bearer,
        response: { 200: paymentMethodsAnswer, 401: errorAnswer, 403: errorAnswer },
      },
    },
    async (request) => {
      const user = ownPlanViewer(request);
      const rows = await listPaymentMethods(db, user.id);
      return { paymentMethods: rows.map(toPaymentMethodAnswer) };
    },
  );

  app.post(
    '/payment-methods',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Add a payment method of a type the plan accepts',
        description:
          'Only the last 4 digits are sent and kept; a card number never reaches Furrow.',
        security: bearer,
        body: addPaymentMethodBody,
        response: {
          201: paymentMethodMessageAnswer,
          400: errorAnswer,
          401: errorAnswer,
          403: errorAnswer,
        },
      },
    },
    async (request, reply) => {
      const user = ownPlanViewer(request);
      const row = await addPaymentMethod(db, user.id, request.body, deps.clock());
      return reply
        .status(201)
        .send({ message: 'Payment method added', paymentMethod: toPaymentMethodAnswer(row) });
    },
  );

  app.delete(
    '/payment-methods/:id',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Remove a payment method (owner or admin)',
        security: bearer,
        params: idParams,
        response: { 200: messageAnswer, ...refusals },
      },
    },
    async (request) => {
      const user = requireViewer(request, 'paymentMethod.manage');
      await deletePaymentMethod(db, user, request.params.id);
      return { message: 'Payment method removed' };
    },
  );
};
