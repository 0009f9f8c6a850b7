import type { FarmAnalytics } from '@furrow/domain/api/analytics';
import type {
  addPaymentMethodBody,
  billingHistoryAnswer,
  marketingPreferences,
  paymentMethodsAnswer,
  SubscriptionAnswer,
  subscriptionListAnswer,
  subscriptionMessageAnswer,
} from '@furrow/domain/api/subscriptions';
import type { BillingCycle, PlanId } from '@furrow/domain/plans';
import { isCurrent } from '@furrow/domain/subscriptions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { farmAnalyticsKeys, planKeys } from '../../lib/query-keys';

export type BillingRecord = z.infer<typeof billingHistoryAnswer>['records'][number];
export type PaymentMethod = z.infer<typeof paymentMethodsAnswer>['paymentMethods'][number];
export type MarketingPreferences = z.infer<typeof marketingPreferences>;
export type NewPaymentMethod = z.input<typeof addPaymentMethodBody>;
type SubscriptionMessage = z.infer<typeof subscriptionMessageAnswer>;

/**
 * The plan the billing page is about: the current one (trial or active), else one past due, else
 * the latest cancelled one, so that a farmer who just cancelled still sees it; null with none.
 */
export function useBillingSubscription() {
  return useQuery({
    queryKey: planKeys.mine,
    queryFn: ({ signal }) =>
      api
        .get<z.infer<typeof subscriptionListAnswer>>('/api/subscriptions', { signal })
        .then(({ subscriptions }) => pickShown(subscriptions)),
  });
}

function pickShown(subscriptions: SubscriptionAnswer[]): SubscriptionAnswer | null {
  return (
    subscriptions.find((row) => isCurrent(row.status)) ??
    subscriptions.find((row) => row.status === 'past_due') ??
    subscriptions[0] ??
    null
  );
}

export function useBillingHistory(subscriptionId: string) {
  return useQuery({
    queryKey: planKeys.billingHistory(subscriptionId),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof billingHistoryAnswer>>(
        `/api/subscriptions/${subscriptionId}/billing-history`,
        { signal },
      ),
  });
}

export function useFarmAnalytics(farmId: string) {
  return useQuery({
    queryKey: farmAnalyticsKeys.farm(farmId),
    queryFn: ({ signal }) => api.get<FarmAnalytics>(`/api/farms/${farmId}/analytics`, { signal }),
  });
}

/** A change to the plan refreshes every view of it: this page, the dashboard, the plans page. */
function useSubscriptionMutation<Input>(request: (input: Input) => Promise<SubscriptionMessage>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export function useCancelSubscription(subscriptionId: string) {
  return useSubscriptionMutation((reason: string) =>
    api.post<SubscriptionMessage>(`/api/subscriptions/${subscriptionId}/cancel`, {
      body: { reason },
    }),
  );
}

export function useChangePlan(subscriptionId: string) {
  return useSubscriptionMutation((choice: { planId: PlanId; billingCycle: BillingCycle }) =>
    api.post<SubscriptionMessage>(`/api/subscriptions/${subscriptionId}/change-plan`, {
      body: choice,
    }),
  );
}

export function useUpdateMarketingPreferences(subscriptionId: string) {
  return useSubscriptionMutation((change: Partial<MarketingPreferences>) =>
    api.patch<SubscriptionMessage>(`/api/subscriptions/${subscriptionId}/marketing-preferences`, {
      body: change,
    }),
  );
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: planKeys.paymentMethods,
    queryFn: ({ signal }) =>
      api
        .get<z.infer<typeof paymentMethodsAnswer>>('/api/payment-methods', { signal })
        .then((a) => a.paymentMethods),
  });
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewPaymentMethod) =>
      api.post<{ message: string; paymentMethod: PaymentMethod }>('/api/payment-methods', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.paymentMethods }),
  });
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/api/payment-methods/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.paymentMethods }),
  });
}
