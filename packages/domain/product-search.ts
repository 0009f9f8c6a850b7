// The choices of a product search that the web app needs before its first screen, apart from the
// answer schemas in `api/products.ts`, which bring Zod with them.

export const DEFAULT_RADIUS_KM = 50;

/**
 * How results are ordered. `nearest` takes the farms nearest first but at most
 * `PRODUCTS_PER_FARM_ROUND` products of one farm before the next farm's, round after round, so that
 * the first page shows what several farms have rather than one farm's whole list.
 */
export const productSorts = ['nearest', 'price', 'newest'] as const;
export type ProductSort = (typeof productSorts)[number];
