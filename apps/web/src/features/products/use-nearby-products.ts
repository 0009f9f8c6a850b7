import type { Product } from '@furrow/domain/api/products';
import type { CategorySlug } from '@furrow/domain/categories';
import { DEFAULT_RADIUS_KM, type ProductSort } from '@furrow/domain/product-search';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { nearbyProductKeys } from '../../lib/query-keys';

export interface Coordinates {
  lat: number;
  lng: number;
}

/** One page of the grid: a few rows on a desktop, and little to load on a phone. */
export const NEARBY_PAGE_SIZE = 24;

/**
 * Products within the default radius of a point, nearest farms first unless sorted otherwise
 * (`GET /api/products`), a page at a time. A page shorter than the page size is the last one.
 */
export function useNearbyProducts(
  near: Coordinates,
  categorySlug: CategorySlug | undefined,
  options: { q?: string; sort?: ProductSort; radiusKm?: number } = {},
) {
  return useInfiniteQuery({
    queryKey: nearbyProductKeys.near(near, categorySlug, options),
    queryFn: ({ pageParam, signal }) =>
      api.get<{ products: Product[] }>('/api/products', {
        query: {
          lat: near.lat,
          long: near.lng,
          categorySlug,
          q: options.q,
          // The defaults stay out of the URL.
          sort: options.sort === 'nearest' ? undefined : options.sort,
          radiusKm: options.radiusKm === DEFAULT_RADIUS_KM ? undefined : options.radiusKm,
          limit: NEARBY_PAGE_SIZE,
          offset: pageParam,
        },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.products.length < NEARBY_PAGE_SIZE ? undefined : pages.length * NEARBY_PAGE_SIZE,
    select: (answer) => answer.pages.flatMap((page) => page.products),
  });
}

/** A radius that reaches the next town's farms, offered when none are within the default. */
export const WIDER_RADIUS_KM = 200;

/** How many products a wider search would find (up to 200), to offer it with a number. */
export function useWiderSearchCount(
  near: Coordinates,
  categorySlug: CategorySlug | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [
      ...nearbyProductKeys.near(near, categorySlug, { radiusKm: WIDER_RADIUS_KM }),
      'count',
    ],
    queryFn: ({ signal }) =>
      api
        .get<{ products: Product[] }>('/api/products', {
          query: {
            lat: near.lat,
            long: near.lng,
            categorySlug,
            radiusKm: WIDER_RADIUS_KM,
            limit: 200,
          },
          signal,
        })
        .then((answer) => answer.products.length),
    enabled,
  });
}
