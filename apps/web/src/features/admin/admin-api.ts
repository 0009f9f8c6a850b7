import type {
  AdminFarm,
  AdminFarmsAnswer,
  AdminOverview,
  AdminUpdateFarmBody,
  adminFarmsQuery,
} from '@furrow/domain/api/admin';
import type { auditAnswer, auditQuery } from '@furrow/domain/api/audit';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { adminKeys, farmKeys, featuredFarmKeys } from '../../lib/query-keys';

/** The query strings of the two lists, page numbers as numbers (the schemas coerce strings). */
export type AdminFarmsQuery = Omit<z.input<typeof adminFarmsQuery>, 'page' | 'pageSize'> & Paging;
export type AuditQuery = Omit<z.input<typeof auditQuery>, 'page' | 'pageSize'> & Paging;
type Paging = { page?: number; pageSize?: number };
export type AuditAnswer = z.infer<typeof auditAnswer>;

export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => api.get<AdminOverview>('/api/admin/overview', { signal }),
  });
}

/** One page of the farm table. The previous page stays on screen while the next loads. */
export function useAdminFarms(query: AdminFarmsQuery) {
  return useQuery({
    queryKey: adminKeys.farms(query),
    queryFn: ({ signal }) =>
      api.get<AdminFarmsAnswer>('/api/admin/dashboard/farms-management/get_farms', {
        signal,
        query: { ...query },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) =>
      api.get<AuditAnswer>('/api/admin/audit', { signal, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/** Everything an admin's change shows in: the admin's lists, farm pages and featured farms. */
function useInvalidateAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      queryClient.invalidateQueries({ queryKey: farmKeys.all }),
      queryClient.invalidateQueries({ queryKey: featuredFarmKeys.all }),
    ]);
}

export function useUpdateFarmAsAdmin() {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminUpdateFarmBody }) =>
      api.patch<{ message: string; farm: AdminFarm }>(`/api/admin/farms/${id}`, { body }),
    onSettled: invalidate,
  });
}
