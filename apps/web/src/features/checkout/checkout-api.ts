import type { publicFarmAnswer } from '@furrow/domain/api/farms';
import {
  type CreateOrderAnswer,
  type CreateOrderBody,
  IDEMPOTENCY_KEY_HEADER,
} from '@furrow/domain/api/orders';
import type { pickupSlotsAnswer } from '@furrow/domain/api/pickup-windows';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { farmKeys, orderKeys, pickupSlotKeys, productKeys } from '../../lib/query-keys';

type FarmPage = z.infer<typeof publicFarmAnswer>;
export type CheckoutFarm = FarmPage['farm'];
export type PickupSlots = z.infer<typeof pickupSlotsAnswer>;

/** A farm's pickup and delivery terms, from its public page (the same query the farm page uses). */
export function useCheckoutFarm(farmId: string) {
  return useQuery({
    queryKey: farmKeys.page(farmId),
    queryFn: ({ signal }) => api.get<FarmPage>(`/api/farms/${farmId}`, { signal }),
    select: (page) => page.farm,
  });
}

/** The next pickup slots of a farm and the room left in each; a full one is shown, not offered. */
export function usePickupSlots(farmId: string) {
  return useQuery({
    queryKey: pickupSlotKeys.farm(farmId),
    queryFn: ({ signal }) => api.get<PickupSlots>(`/api/farms/${farmId}/pickup-slots`, { signal }),
  });
}

/** `POST /api/orders` under the attempt's Idempotency-Key, so a retry cannot order twice. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CreateOrderBody; key: string }) =>
      api.post<CreateOrderAnswer>('/api/orders', {
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: key },
      }),
    onSuccess: (answer) => {
      // The confirmation reads each order at once instead of asking the server again.
      for (const order of answer.orders) queryClient.setQueryData(orderKeys.one(order.id), order);
    },
    // Stock and slot room changed whatever the outcome: a refusal is the server saying so.
    // Not awaited: the confirmation (or the refusal) shows at once, and the re-reads follow.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: pickupSlotKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
