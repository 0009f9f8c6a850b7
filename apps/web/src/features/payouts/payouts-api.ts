import type { payoutsAnswer, payoutsOnboardingAnswer } from '@furrow/domain/api/farms';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { payoutKeys } from '../../lib/query-keys';

type Payouts = z.infer<typeof payoutsAnswer>['payouts'];

/** The farm's payouts connection; the server reads an unfinished one again from the provider. */
export function usePayouts(farmId: string) {
  return useQuery({
    queryKey: payoutKeys.farm(farmId),
    queryFn: ({ signal }) =>
      api
        .get<{ payouts: Payouts }>(`/api/farms/${farmId}/payouts`, { signal })
        .then((answer) => answer.payouts),
  });
}

/** Where the farmer finishes connecting, at the payment provider. */
export function useStartOnboarding(farmId: string) {
  return useMutation({
    mutationFn: () =>
      api
        .post<z.infer<typeof payoutsOnboardingAnswer>>(`/api/farms/${farmId}/payouts/onboarding`)
        .then((answer) => answer.url),
  });
}
