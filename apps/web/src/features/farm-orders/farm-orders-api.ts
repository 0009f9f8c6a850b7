import type { Farm } from '@furrow/domain/api/farms';
import type {
  Order,
  OrderStatusBody,
  orderListAnswer,
  pickListAnswer,
} from '@furrow/domain/api/orders';
import type { OrderStatus } from '@furrow/domain/orders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { farmKeys, orderKeys, productKeys } from '../../lib/query-keys';

type OrderList = z.infer<typeof orderListAnswer>;
export type PickList = z.infer<typeof pickListAnswer>;

/** A farm stand rarely has more open orders in one status than this; older ones page in later. */
export const FARM_ORDERS_LIMIT = 100;

/** The orders of the farmer's farms in one status, newest first. */
export function useFarmOrders(status: OrderStatus) {
  return useQuery({
    queryKey: orderKeys.list({ status, limit: FARM_ORDERS_LIMIT }),
    queryFn: ({ signal }) =>
      api.get<OrderList>('/api/orders', { query: { status, limit: FARM_ORDERS_LIMIT }, signal }),
  });
}

/** The farmer's farms, for the pick list's farm choice (the dashboard's own query). */
export function useOwnFarms() {
  return useQuery({
    queryKey: farmKeys.mine(),
    queryFn: ({ signal }) =>
      api.get<{ shops: Farm[] }>('/api/shop/get_all', { signal }).then((answer) => answer.shops),
  });
}

/** One step along the order's life, or a cancel with the reason the customer is told. */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: OrderStatusBody & { id: string }) =>
      api.patch<{ message: string; order: Order }>(`/api/orders/${id}/status`, { body }),
    onSuccess: ({ order }) => queryClient.setQueryData(orderKeys.one(order.id), order),
    // Not awaited: the card's own callbacks (its toast) run at once, before the re-read moves the
    // order to another tab and unmounts the card.
    onSettled: (_answer, _error, { status }) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      // A cancel puts stock back on sale.
      if (status === 'cancelled') void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

/**
 * A farm's pick list for `date`; without one, the server picks the next day with open orders on
 * the farm's calendar and says which (`date` in the answer).
 */
export function usePickList(farmId: string | undefined, date: string | undefined) {
  return useQuery({
    queryKey: orderKeys.pickList(farmId ?? '', date ?? 'next'),
    queryFn: ({ signal }) =>
      api.get<PickList>(`/api/farms/${farmId}/pick-list`, {
        query: date ? { date } : {},
        signal,
      }),
    enabled: farmId !== undefined,
    // The days with orders stay on screen while another day loads.
    placeholderData: keepPreviousData,
  });
}

/** The same pick list as a spreadsheet file; a plain link could not carry the bearer token. */
export function downloadPickListCsv(farmId: string, date: string): Promise<Blob> {
  return api.get<Blob>(`/api/farms/${farmId}/pick-list`, {
    query: { date, format: 'csv' },
    as: 'blob',
  });
}
