import type { Product } from '@furrow/domain/api/products';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Coordinates } from './use-nearby-products';

/** One product (`GET /api/products/{id}`), with the distance from where the shopper looks. */
export function useProduct(id: string, near: Coordinates) {
  return useQuery({
    queryKey: ['products', id, { lat: near.lat, lng: near.lng }],
    queryFn: ({ signal }) =>
      api
        .get<{ product: Product }>(`/api/products/${id}`, {
          query: { lat: near.lat, long: near.lng },
          signal,
        })
        .then((answer) => answer.product),
  });
}
