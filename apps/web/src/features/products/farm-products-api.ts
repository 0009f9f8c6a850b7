import type { createProductBody, Product, updateProductBody } from '@furrow/domain/api/products';
import { applyStockChange, isInStock, type StockChange } from '@furrow/domain/stock';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import {
  farmKeys,
  farmPreorderKeys,
  farmProductKeys,
  orderKeys,
  planKeys,
  productKeys,
} from '../../lib/query-keys';
import { saveThenUpload } from '../../lib/save-then-upload';
import { uploadFile } from '../../lib/upload';

export type CreateProductInput = z.input<typeof createProductBody>;
export type UpdateProductInput = z.input<typeof updateProductBody>;

/** A farm's products, by name (`GET /api/product/{farmId}`). */
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
 * did not, the answer carries the saved product with `photoFailure`, so that the form can offer to
 * try the photo again.
 */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ farmId, id, body, photo, onPhotoProgress }: SaveProductInput) => {
      const { saved, imageFailure } = await saveThenUpload(
        () =>
          (id
            ? api.patch<{ product: Product }>(`/api/products/${id}`, { body })
            : api.post<{ product: Product }>(`/api/product/create/${farmId}`, { body })
          ).then((answer) => answer.product),
        photo
          ? [
              {
                kind: 'photo',
                send: (product) =>
                  uploadFile<{ product: Product }>(`/api/products/${product.id}/images`, photo, {
                    onProgress: onPhotoProgress,
                  }).then((answer) => answer.product),
              },
            ]
          : [],
      );
      return { product: saved, created: !id, photoFailure: imageFailure };
    },
    onSettled: (_data, _error, { farmId }) => {
      void queryClient.invalidateQueries({ queryKey: farmProductKeys.farm(farmId) });
      // Farm lists show product counts and farm pages list products: both change with a product.
      void queryClient.invalidateQueries({ queryKey: farmKeys.all });
    },
  });
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
      void queryClient.invalidateQueries({ queryKey: farmKeys.all });
    },
  });
}

/**
 * Hides a product from the shop or shows it again. The answer's message names any product the
 * plan's limit brought back, so the whole list, the farm counts and the plan's notice are re-read.
 */
export function useSetProductHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      product,
      hidden,
    }: {
      product: Pick<Product, 'id' | 'farmId'>;
      hidden: boolean;
    }) =>
      api.post<{ message: string; product: Product }>(`/api/products/${product.id}/visibility`, {
        body: { hidden },
      }),
    onSettled: (_answer, _error, { product }) => {
      void queryClient.invalidateQueries({ queryKey: farmProductKeys.farm(product.farmId) });
      void queryClient.invalidateQueries({ queryKey: farmKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      void queryClient.invalidateQueries({ queryKey: planKeys.current });
      // Shown again, its stock goes to waiting pre-orders first.
      void queryClient.invalidateQueries({ queryKey: farmPreorderKeys.pending });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** One stock change from the product list: `delta` from − and +, `stock` from a typed number. */
export type StockEdit = { id: string; delta: number } | { id: string; stock: number };

/**
 * Stock changes from the product list: − and +, and a typed number. Shown at once
 * (optimistically) when the domain's stock rule allows it. A refused step is undone by applying
 * the opposite delta, not by restoring a snapshot, so that other clicks still in flight keep their
 * effect; a refused typed number puts back what was there, unless something else has changed it
 * since. The server is the judge: a change the list already in hand rules out is still sent, just
 * not shown. The list is re-read once the last change has settled.
 */
export function useChangeStock(farmId: string) {
  const queryClient = useQueryClient();
  const key = farmProductKeys.farm(farmId);
  /** Applies `change` to the product in the cached list; the stock it had, if the rule let it through. */
  const apply = (id: string, change: StockChange): number | null => {
    let before: number | null = null;
    queryClient.setQueryData<Product[]>(key, (list) =>
      list?.map((item) => {
        if (item.id !== id) return item;
        const outcome = applyStockChange(item.stock, change);
        if (!outcome.ok) return item;
        before = item.stock;
        return { ...item, stock: outcome.stock, inStock: isInStock(outcome.stock) };
      }),
    );
    return before;
  };
  const cachedStock = (id: string) =>
    queryClient.getQueryData<Product[]>(key)?.find((item) => item.id === id)?.stock;
  return useMutation({
    mutationKey: farmProductKeys.stockChanges,
    mutationFn: ({ id, ...change }: StockEdit) =>
      api.post<{ product: Product }>(`/api/products/${id}/stock`, { body: change }),
    onMutate: async ({ id, ...change }) => {
      await queryClient.cancelQueries({ queryKey: key });
      return { before: apply(id, change) };
    },
    onError: (_error, { id, ...change }, context) => {
      const before = context?.before;
      if (before === null || before === undefined) return;
      if ('delta' in change) apply(id, { delta: -change.delta });
      else if (cachedStock(id) === change.stock) apply(id, { stock: before });
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: farmProductKeys.stockChanges }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: key });
        // Added stock fills waiting pre-orders, which become orders in the same change.
        void queryClient.invalidateQueries({ queryKey: farmPreorderKeys.pending });
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      }
    },
  });
}

export interface FarmStockLine {
  productId: string;
  stock: number;
}

/**
 * Sets the stock of several products in one request (`PATCH /api/farms/{farmId}/stock`), which
 * the server applies whole or not at all. The list shows the new numbers at once; a refusal puts
 * back each number that nothing else has changed since, and the caller shows why.
 */
export function useChangeFarmStock(farmId: string) {
  const queryClient = useQueryClient();
  const key = farmProductKeys.farm(farmId);
  const setStocks = (stocks: Map<string, number>, unless?: Map<string, number>) =>
    queryClient.setQueryData<Product[]>(key, (list) =>
      list?.map((item) => {
        const stock = stocks.get(item.id);
        if (stock === undefined) return item;
        if (unless && unless.get(item.id) !== item.stock) return item;
        return { ...item, stock, inStock: isInStock(stock) };
      }),
    );
  return useMutation({
    mutationKey: farmProductKeys.stockChanges,
    mutationFn: (lines: FarmStockLine[]) =>
      api.patch<{ message: string; products: Product[] }>(`/api/farms/${farmId}/stock`, {
        body: { lines },
      }),
    onMutate: async (lines) => {
      await queryClient.cancelQueries({ queryKey: key });
      const list = queryClient.getQueryData<Product[]>(key) ?? [];
      const before = new Map(
        list.flatMap((item) => {
          const line = lines.find((each) => each.productId === item.id);
          return line ? [[item.id, item.stock] as const] : [];
        }),
      );
      const wanted = new Map(lines.map((line) => [line.productId, line.stock]));
      setStocks(wanted);
      return { before, wanted };
    },
    onError: (_error, _lines, context) => {
      if (context) setStocks(context.before, context.wanted);
    },
    onSuccess: (answer) => {
      // Stock that filled waiting pre-orders is already less than what was typed.
      setStocks(new Map(answer.products.map((product) => [product.id, product.stock])));
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: farmProductKeys.stockChanges }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: key });
        void queryClient.invalidateQueries({ queryKey: farmPreorderKeys.pending });
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      }
      // Farm pages and product pages show stock.
      void queryClient.invalidateQueries({ queryKey: farmKeys.all });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
