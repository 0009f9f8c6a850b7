import type {
  createFarmBody,
  Farm,
  FarmProductsAnswer,
  publicFarmAnswer,
  updateFarmBody,
} from '@furrow/domain/api/farms';
import type { CategorySlug } from '@furrow/domain/categories';
import {
  FARM_PAGE_FIRST_PRODUCTS,
  FARM_PAGE_MORE_PRODUCTS,
} from '@furrow/domain/farm-product-pages';
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { farmerKeys, farmKeys } from '../../lib/query-keys';
import { saveThenUpload } from '../../lib/save-then-upload';
import { uploadFile } from '../../lib/upload';

export type CreateFarmInput = z.input<typeof createFarmBody>;
export type UpdateFarmInput = z.input<typeof updateFarmBody>;
export type FarmPage = z.infer<typeof publicFarmAnswer>;

/** The signed-in farmer's farms (`GET /api/shop/get_all`). */
export const myFarmsQuery = queryOptions({
  queryKey: farmKeys.mine(),
  queryFn: ({ signal }) =>
    api.get<{ shops: Farm[] }>('/api/shop/get_all', { signal }).then((answer) => answer.shops),
});

export function useMyFarms() {
  return useQuery(myFarmsQuery);
}

/** A farm's public page with the first page of its products. */
export function useFarmPage(id: string) {
  return useQuery({
    queryKey: farmKeys.page(id),
    queryFn: ({ signal }) => api.get<FarmPage>(`/api/farms/${id}`, { signal }),
  });
}

export interface FarmProductFilters {
  categorySlug?: CategorySlug;
  q?: string;
}

/**
 * A farm's products a page at a time (`GET /api/farms/{id}/products`), in name order. Unfiltered,
 * it starts from the first page the farm page brought (`first`, read at `firstAt`); with a category
 * or words, from its own first page. While a new filter loads, the last list stays on screen.
 */
export function useFarmProducts(
  farmId: string,
  filters: FarmProductFilters,
  first: FarmProductsAnswer,
  firstAt: number,
) {
  const filtered = filters.categorySlug !== undefined || filters.q !== undefined;
  return useInfiniteQuery({
    queryKey: farmKeys.products(farmId, filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<FarmProductsAnswer>(`/api/farms/${farmId}/products`, {
        signal,
        query: {
          ...filters,
          after: pageParam,
          limit: pageParam ? FARM_PAGE_MORE_PRODUCTS : FARM_PAGE_FIRST_PRODUCTS,
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The first page came with the farm: asking for it again on showing the page would only
    // repeat that request.
    ...(filtered
      ? {}
      : {
          initialData: { pages: [first], pageParams: [undefined] },
          initialDataUpdatedAt: firstAt,
          refetchOnMount: false,
        }),
    placeholderData: keepPreviousData,
  });
}

/** A farm's two pictures: the logo beside its name and the wide cover across the top of its page. */
export type FarmImageKind = 'logo' | 'cover';

/** The logo first: it shows on every card of the farm, the cover only on its own page. */
export const farmImageOrder = ['logo', 'cover'] as const satisfies readonly FarmImageKind[];

export interface SaveFarmInput {
  /** Absent to create a farm. */
  id?: string;
  body: CreateFarmInput | UpdateFarmInput;
  /** The new picture of each kind the farmer chose; others stay as they are. */
  images?: Partial<Record<FarmImageKind, File | null>>;
  onImageProgress?: (kind: FarmImageKind, fraction: number) => void;
}

/**
 * Creates or changes a farm, then uploads each new picture in turn. When the farm saved but a
 * picture did not, the answer carries the saved farm with `imageFailure` naming the picture, so the
 * form can stay open on it.
 */
export function useSaveFarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, images = {}, onImageProgress }: SaveFarmInput) => {
      const { saved, imageFailure } = await saveThenUpload(
        () =>
          (id
            ? api.patch<{ shop: Farm }>(`/api/shop/${id}`, { body })
            : api.post<{ shop: Farm }>('/api/shop/create', { body })
          ).then((answer) => answer.shop),
        farmImageOrder.flatMap((kind) => {
          const file = images[kind];
          if (!file) return [];
          const send = (farm: Farm) =>
            uploadFile<{ shop: Farm }>(`/api/shop/${farm.id}/${kind}`, file, {
              onProgress: (fraction) => onImageProgress?.(kind, fraction),
            }).then((answer) => answer.shop);
          return [{ kind, send }];
        }),
      );
      return { farm: saved, created: !id, imageFailure };
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: farmKeys.all });
      // A farmer's first farm names their profile (its farmName), which the dashboard shows.
      void queryClient.invalidateQueries({ queryKey: farmerKeys.all });
    },
  });
}

export function useRemoveFarmLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ shop: Farm }>(`/api/shop/${id}/logo`).then((answer) => answer.shop),
    onSettled: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
