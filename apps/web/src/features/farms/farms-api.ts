import type {
  createFarmBody,
  Farm,
  publicFarmAnswer,
  updateFarmBody,
} from '@furrow/domain/api/farms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export type CreateFarmInput = z.input<typeof createFarmBody>;
export type UpdateFarmInput = z.input<typeof updateFarmBody>;
export type FarmPage = z.infer<typeof publicFarmAnswer>;

/** Query keys of farms. Product changes elsewhere invalidate `['farms']` for the product counts. */
export const farmKeys = {
  all: ['farms'] as const,
  mine: () => ['farms', 'mine'] as const,
  page: (id: string) => ['farms', id, 'page'] as const,
};

/** The signed-in farmer's farms (spec 7: `GET /api/shop/get_all`). */
export function useMyFarms() {
  return useQuery({
    queryKey: farmKeys.mine(),
    queryFn: ({ signal }) =>
      api.get<{ shops: Farm[] }>('/api/shop/get_all', { signal }).then((answer) => answer.shops),
  });
}

/** A farm's public page with its products. */
export function useFarmPage(id: string) {
  return useQuery({
    queryKey: farmKeys.page(id),
    queryFn: ({ signal }) => api.get<FarmPage>(`/api/farms/${id}`, { signal }),
  });
}

export interface SaveFarmInput {
  /** Absent to create a farm. */
  id?: string;
  body: CreateFarmInput | UpdateFarmInput;
  logo?: File | null;
  onLogoProgress?: (fraction: number) => void;
}

/**
 * Creates or changes a farm, then uploads its new logo. When the farm saved but the logo did not,
 * the error says so and carries the saved farm, so the form can stay open on it.
 */
export function useSaveFarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, logo, onLogoProgress }: SaveFarmInput) => {
      const saved = id
        ? await api.patch<{ shop: Farm }>(`/api/shop/${id}`, { body })
        : await api.post<{ shop: Farm }>('/api/shop/create', { body });
      if (!logo) return { farm: saved.shop, created: !id };
      try {
        const withLogo = await uploadFile<{ shop: Farm }>(`/api/shop/${saved.shop.id}/logo`, logo, {
          onProgress: onLogoProgress,
        });
        return { farm: withLogo.shop, created: !id };
      } catch (error) {
        throw new LogoUploadError(saved.shop, error);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}

export class LogoUploadError extends Error {
  readonly farm: Farm;
  constructor(farm: Farm, cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The logo could not be uploaded');
    this.name = 'LogoUploadError';
    this.farm = farm;
  }
}

export function useRemoveFarmLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ shop: Farm }>(`/api/shop/${id}/logo`).then((answer) => answer.shop),
    onSettled: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
