import { z } from 'zod';
import { MAX_PREORDER_QUANTITY } from '../preorders';
import { isoDate } from './common';

/**
 * Pre-orders (product rules: pre-orders). The list answer is `preOrders`, the name of the web
 * app's state that holds them.
 */

export const preorderStatuses = ['pending', 'filled', 'cancelled'] as const;
export type PreorderStatus = (typeof preorderStatuses)[number];

/** `POST /api/preorders`, and `PUT /api/preorders/{id}` to replace one while it is pending. */
export const preorderBody = z.object({
  productId: z.uuid(),
  quantity: z
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(MAX_PREORDER_QUANTITY, `must be at most ${MAX_PREORDER_QUANTITY}`),
});
export type PreorderBody = z.input<typeof preorderBody>;

export const preorderAnswer = z.object({
  id: z.uuid(),
  status: z.enum(preorderStatuses),
  quantity: z.number().int(),
  product: z.object({
    id: z.uuid(),
    name: z.string(),
    unit: z.string(),
    price: z.number(),
    /** The harvest date, when the product is upcoming. */
    availableFrom: z.string().nullable(),
    farm: z.object({ id: z.uuid(), name: z.string() }),
  }),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  /** The order it became, once filled. */
  order: z.object({ id: z.uuid(), number: z.string() }).nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  filledAt: isoDate.nullable(),
});
export type PreOrder = z.infer<typeof preorderAnswer>;

/** `GET /api/preorders`: a customer's own, or those for a farmer's products. */
export const listPreordersQuery = z.object({
  status: z.enum(preorderStatuses).optional(),
  productId: z.uuid().optional(),
});

export const preorderListAnswer = z.object({ preOrders: z.array(preorderAnswer) });
export const preorderEnvelope = z.object({ preOrder: preorderAnswer });
export const preorderMessageAnswer = z.object({ message: z.string(), preOrder: preorderAnswer });
