import type { Product } from '@furrow/domain/api/products';
import type { CategorySlug } from '@furrow/domain/categories';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export interface Coordinates {
  lat: number;
  lng: number;
}

/** Products within the default radius of a point, nearest first (`GET /api/products`, spec 7). */
export function useNearbyProducts(near: Coordinates, categorySlug: CategorySlug | undefined) {
  return useQuery({
    queryKey: ['products', 'nearby', { lat: near.lat, lng: near.lng, categorySlug }],
    queryFn: ({ signal }) =>
      api.get<{ products: Product[] }>('/api/products', {
        query: { lat: near.lat, long: near.lng, categorySlug },
        signal,
      }),
    select: (answer) => answer.products,
  });
}
