import { z } from 'zod';

/**
 * `DELETE /api/farmers/me`: the password confirms it is the farmer; an account made with Google
 * alone has none and confirms by typing its e-mail address instead.
 */
export const deleteFarmerAccountBody = z
  .object({
    password: z.string().max(200).optional(),
    email: z.string().trim().max(200).optional(),
  })
  .refine((value) => Boolean(value.password || value.email), {
    message: 'is required to delete your account',
    path: ['password'],
  });
export type DeleteFarmerAccountBody = z.output<typeof deleteFarmerAccountBody>;
