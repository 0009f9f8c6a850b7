import type {
  currentSubscriptionAnswer,
  plansAnswer,
  SubscriptionAnswer,
  subscribeAnswer,
} from '@furrow/domain/api/subscriptions';
import type { BillingCycle, PlanId } from '@furrow/domain/plans';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { planKeys } from '../../lib/query-keys';

export type PlanOffer = z.infer<typeof plansAnswer>['plans'][number];

export function usePlans() {
  return useQuery({
    queryKey: planKeys.catalogue,
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof plansAnswer>>('/api/plans', { signal }).then((a) => a.plans),
  });
}

type CurrentAnswer = z.infer<typeof currentSubscriptionAnswer>;

/** The farmer's plan and what its limit hides, as one answer (the dashboard asks for it early). */
export const currentSubscriptionQuery = queryOptions({
  queryKey: planKeys.current,
  queryFn: ({ signal }) => api.get<CurrentAnswer>('/api/subscriptions/current', { signal }),
});

/** The farmer's plan in trial, active or past due; null when they hold none. */
export function useCurrentSubscription() {
  return useQuery({ ...currentSubscriptionQuery, select: (answer) => answer.subscription });
}

export type PlanHiddenProduct = CurrentAnswer['hiddenByPlan'][number];

/** The farmer's products their plan's limit keeps out of the shop, read with the plan. */
export function useProductsHiddenByPlan() {
  return useQuery({ ...currentSubscriptionQuery, select: (answer) => answer.hiddenByPlan });
}

export interface PlanChoice {
  planId: PlanId;
  billingCycle: BillingCycle;
}

/** Starts the 14-day trial without a card. */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: PlanChoice) =>
      api
        .post<{ subscription: SubscriptionAnswer }>('/api/subscriptions', { body: choice })
        .then((a) => a.subscription),
    // The dashboard's current plan and the billing page's list both show the new trial.
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

/** The hosted checkout's address for a farm; the card is collected there, not here. */
export function useCardCheckout() {
  return useMutation({
    mutationFn: (choice: PlanChoice & { shopId: string }) =>
      api
        .post<z.infer<typeof subscribeAnswer>>('/api/shop/subscription/subscribe', {
          body: choice,
        })
        .then((a) => a.url),
  });
}
