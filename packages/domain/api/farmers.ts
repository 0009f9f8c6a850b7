import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** A farmer's public profile. */
export const farmerAnswer = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Shown to the farmer themselves and to admins; the public reaches a farm by its contact. */
  email: z.string().nullable(),
  farmName: z.string(),
  bio: z.string(),
  featured: z.boolean(),
  location: z.object({ country: z.string(), region: z.string(), city: z.string() }),
  logo: z.string().nullable(),
  profileImage: z.string().nullable(),
  /** Bytes of stored images, counted for the plan's storage limit; the farmer's and admins' view. */
  storageUsedBytes: z.number().int().nullable(),
  farmCount: z.number().int(),
  createdAt: z.string(),
});
export type Farmer = z.infer<typeof farmerAnswer>;

/** `GET /api/farmers`: farmers with at least one active farm; `featured=true` for the highlighted. */
export const listFarmersQuery = z.object({
  featured: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  offset: z.coerce.number().int().min(0).default(0),
});

/** `PATCH /api/farmers/me`. Name and e-mail belong to the account and change there. */
export const updateFarmerBody = z
  .object({
    farmName: text(100),
    bio: text(5000),
    location: z
      .object({
        country: z
          .string()
          .trim()
          .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as US')
          .transform((code) => code.toUpperCase()),
        region: text(100),
        city: text(100),
      })
      .partial(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'send at least one field to change');
export type UpdateFarmerBody = z.output<typeof updateFarmerBody>;

export const farmerImageKinds = ['logo', 'profile'] as const;
export type FarmerImageKind = (typeof farmerImageKinds)[number];
export const farmerImageParams = z.object({ kind: z.enum(farmerImageKinds) });

export const farmerEnvelope = z.object({ farmer: farmerAnswer });
export const farmerMessageAnswer = z.object({ message: z.string(), farmer: farmerAnswer });
export const farmerListAnswer = z.object({ farmers: z.array(farmerAnswer) });
