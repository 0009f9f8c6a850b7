import { z } from 'zod';
import { latitude, longitude } from './coordinates';

export const userRoles = ['customer', 'farmer', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** `pending` until the e-mail address is verified; `suspended` accounts cannot sign in. */
export const userStatuses = ['pending', 'active', 'suspended'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** Where a person shops from by default: coordinates and the address shown for them. */
export const userLocation = z.object({
  lat: latitude,
  lng: longitude,
  address: z.string().trim().max(200),
});
export type UserLocation = z.infer<typeof userLocation>;

const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} may have at most 100 characters`);

export const firstNameField = personName('First name');
export const lastNameField = personName('Last name');

/** The user record as every answer shows it: never a password hash, a code or a token. */
export const userAnswer = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(userRoles),
  firstName: z.string(),
  lastName: z.string(),
  /** First and last name together. */
  name: z.string(),
  status: z.enum(userStatuses),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  isEmailVerified: z.boolean(),
});
export type User = z.infer<typeof userAnswer>;

export const meAnswer = z.object({ user: userAnswer });
export type MeAnswer = z.infer<typeof meAnswer>;

/** `PATCH /api/me`: change one or both names. */
export const updateMeBody = z
  .object({ firstName: firstNameField.optional(), lastName: lastNameField.optional() })
  .refine((body) => body.firstName !== undefined || body.lastName !== undefined, {
    message: 'Give a first name or a last name to change',
  });
export type UpdateMeBody = z.input<typeof updateMeBody>;

export const updateMeAnswer = z.object({ message: z.string(), user: userAnswer });
export type UpdateMeAnswer = z.infer<typeof updateMeAnswer>;

/** The customer profile: userId, createdAt, and the default shopping location. */
export const customerProfileAnswer = z.object({
  userId: z.uuid(),
  defaultLocation: userLocation.nullable(),
  createdAt: z.string(),
});
export type CustomerProfile = z.infer<typeof customerProfileAnswer>;

export const profileAnswer = z.object({ profile: customerProfileAnswer.nullable() });
export type ProfileAnswer = z.infer<typeof profileAnswer>;

/**
 * `PUT /api/profile`, set up after a first Google sign-in: names and a default location, either
 * coordinates with an address, or a US ZIP code or "City, ST" that the server looks up offline.
 */
export const profileSetupBody = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  location: z
    .union([
      userLocation,
      z.object({ place: z.string().trim().min(3, 'Enter a ZIP code or a city').max(100) }),
    ])
    .nullable()
    .default(null),
});
export type ProfileSetupBody = z.input<typeof profileSetupBody>;
export type ProfileSetup = z.output<typeof profileSetupBody>;

export const profileSetupAnswer = z.object({
  message: z.string(),
  user: userAnswer,
  profile: customerProfileAnswer,
});
export type ProfileSetupAnswer = z.infer<typeof profileSetupAnswer>;

/** A user's `name`: first and last name, without a stray space when one of them is empty. */
export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
