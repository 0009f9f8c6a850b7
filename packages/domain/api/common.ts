import { z } from 'zod';

/** The error shape of every failed call: `{ message, code, details? }`. */
export const errorAnswer = z.object({
  message: z.string(),
  code: z.string(),
  details: z
    .array(
      z.object({
        field: z.string(),
        message: z.string(),
        productId: z.string().optional(),
        name: z.string().optional(),
        requested: z.number().int().optional(),
        available: z.number().int().optional(),
        price: z.number().optional(),
        allowed: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;

export const messageAnswer = z.object({ message: z.string() });

export const idParams = z.object({ id: z.uuid() });

/** Money crosses the API as a decimal number of US dollars, and is integer cents inside. */
export const dollars = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most 2 decimals');

/** ISO 8601 instants in answers. */
export const isoDate = z.iso.datetime({ offset: true });
