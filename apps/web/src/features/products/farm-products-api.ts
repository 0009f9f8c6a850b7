import type { createProductBody, Product, updateProductBody } from '@furrow/domain/api/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export type CreateProductInput = z.input<typeof createProductBody>;
export type UpdateProductInput = z.input<typeof updateProductBody>;

export const farmProductKeys = {
  all: ['farm-products'] as const,
  farm: (farmId: string) => ['farm-products', farmId] as const,
};

// Farm lists show product counts and farm pages list products: both change with these writes.
const farmsKey = ['farms'] as const;

/** A farm's products, by name (spec 7: `GET /api/product/{farmId}`). */
export function useFarmProducts(farmId: string) {
  return useQuery({
    queryKey: farmProductKeys.farm(farmId),
    queryFn: ({ signal }) =>
      api
        .get<{ products: Product[] }>(`/api/product/${farmId}`, { signal })
        .then((answer) => answer.products),
  });
}

export interface SaveProductInput {
  farmId: string;
  /** Absent to create a product. */
  id?: string;
  body: CreateProductInput | UpdateProductInput;
  photo?: File | null;
  onPhotoProgress?: (fraction: number) => void;
}

/**
 * Creates or changes a product, then uploads its new photo. When the product saved but the photo
 * did not, the error carries the saved product so that the form can offer to try the photo again.
 */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ farmId, id, body, photo, onPhotoProgress }: SaveProductInput) => {
      const saved = id
        ? await api.patch<{ product: Product }>(`/api/products/${id}`, { body })
        : await api.post<{ product: Product }>(`/api/product/create/${farmId}`, { body });
      if (!photo) return { product: saved.product, created: !id };
      try {
        const withPhoto = await uploadFile<{ product: Product }>(
          `/api/products/${saved.product.id}/images`,
          photo,
          { onProgress: onPhotoProgress },
        );
        return { product: withPhoto.product, created: !id };
      } catch (error) {
        throw new PhotoUploadError(saved.product, error);
      }
    },
    onSettled: (_data, _error, { farmId }) => {
      void queryClient.invalidateQueries({ queryKey: farmProductKeys.farm(farmId) });
      void queryClient.invalidateQueries({ queryKey: farmsKey });
    },
  });
}

export class PhotoUploadError extends Error {
  readonly product: Product;
  constructor(product: Product, cause: unknown) {
    super(cause instanceof Error ? cause.message : 'The photo could not be uploaded');
    this.name = 'PhotoUploadError';
    this.product = product;
  }
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Pick<Product, 'id' | 'farmId'>) =>
      api.delete<{ message: string }>(`/api/products/${product.id}`),
    onSuccess: (_answer, product) => {
      queryClient.setQueryData<Product[]>(farmProductKeys.farm(product.farmId), (list) =>
        list?.filter((item) => item.id !== product.id),
      );
      void queryClient.invalidateQueries({ queryKey: farmsKey });
    },
  });
}

const stockMutationKey = ['farm-products', 'stock'] as const;

/**
 * Quick + and - on the stock. Shown at once (optimistically); a refused change is undone by
 * applying the opposite delta, not by restoring a snapshot, so that other clicks still in flight
 * keep their effect. The list is re-read once the last click has settled.
 */
export function useChangeStock(farmId: string) {
  const queryClient = useQueryClient();
  const key = farmProductKeys.farm(farmId);
  const shift = (id: string, delta: number) =>
    queryClient.setQueryData<Product[]>(key, (list) =>
      list?.map((item) =>
        item.id === id
          ? { ...item, stock: Math.max(0, item.stock + delta), inStock: item.stock + delta > 0 }
          : item,
      ),
    );
  return useMutation({
    mutationKey: stockMutationKey,
    mutationFn: ({ id, delta }: { id: string; delta: number }) =>
      api.post<{ product: Product }>(`/api/products/${id}/stock`, { body: { delta } }),
    onMutate: async ({ id, delta }) => {
      await queryClient.cancelQueries({ queryKey: key });
      shift(id, delta);
    },
    onError: (_error, { id, delta }) => shift(id, -delta),
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: stockMutationKey }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
