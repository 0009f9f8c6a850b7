import type { createEventBody, FarmEvent, updateEventBody } from '@furrow/domain/api/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { eventKeys } from '../../lib/query-keys';

export type CreateEventInput = z.input<typeof createEventBody>;
export type UpdateEventInput = z.input<typeof updateEventBody>;

/** A farm's upcoming events, soonest first. */
export function useFarmEvents(farmId: string) {
  return useQuery({
    queryKey: eventKeys.farm(farmId),
    queryFn: ({ signal }) =>
      api
        .get<{ events: FarmEvent[] }>(`/api/farms/${farmId}/events`, { signal })
        .then((answer) => answer.events),
  });
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateEventInput | UpdateEventInput }) =>
      (id
        ? api.patch<{ event: FarmEvent }>(`/api/events/${id}`, { body })
        : api.post<{ event: FarmEvent }>('/api/events', { body })
      ).then((answer) => answer.event),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: FarmEvent) => api.delete<{ message: string }>(`/api/events/${event.id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

/** The event's calendar file (RFC 5545), for "Add to calendar". */
export function calendarFileUrl(event: FarmEvent): string {
  return `/api/events/${event.id}.ics`;
}
