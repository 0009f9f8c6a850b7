import { z } from 'zod';
import { categorySlugs } from '../categories';

/**
 * `GET /api/categories`: the fixed list (product rules: farms) with display names, in shop order.
 */
export const categoryListAnswer = z.object({
  categories: z.array(z.object({ slug: z.enum(categorySlugs), name: z.string() })),
});
