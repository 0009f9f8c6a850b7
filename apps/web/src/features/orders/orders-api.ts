import type { Order, OrderStatusBody, orderListAnswer } from '@furrow/domain/api/orders';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { orderKeys, productKeys } from '../../lib/query-keys';

type OrderList = z.infer<typeof orderListAnswer>;

/** How many of the customer's orders one page shows; the server caps a page at 100. */
export const ORDERS_PAGE_SIZE = 20;

/** The signed-in customer's orders, newest first. */
export function useMyOrders(offset: number) {
  return useQuery({
    queryKey: orderKeys.list({ offset, limit: ORDERS_PAGE_SIZE }),
    queryFn: ({ signal }) =>
      api.get<OrderList>('/api/orders', { query: { offset, limit: ORDERS_PAGE_SIZE }, signal }),
    placeholderData: (previous) => previous,
  });
}

const fetchOrder = (id: string, signal: AbortSignal) =>
  api.get<{ order: Order }>(`/api/orders/${id}`, { signal }).then((answer) => answer.order);

/** While it waits for its card payment, the order is read again: the provider's word may come late. */
const PAYMENT_POLL_MS = 3000;

export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) => fetchOrder(id, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'awaiting_payment' ? PAYMENT_POLL_MS : false,
  });
}

/** Several orders by id: the ones a checkout just made. */
export function useOrdersById(ids: readonly string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: orderKeys.one(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchOrder(id, signal),
    })),
  });
}

/** `PATCH /api/orders/{id}/status`; the customer's only move is cancelling while placed. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) =>
      api.patch<{ message: string; order: Order }>(`/api/orders/${id}/status`, {
        body: { status: 'cancelled' } satisfies OrderStatusBody,
      }),
    onSuccess: ({ order }) => queryClient.setQueryData(orderKeys.one(order.id), order),
    // Cancelling puts the stock back on the shelf.
    // Not awaited, so that the dialog's toast does not wait for the re-reads.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
