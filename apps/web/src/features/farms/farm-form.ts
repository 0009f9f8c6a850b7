import type { Farm } from '@furrow/domain/api/farms';
import { MAX_DELIVERY_RADIUS_KM } from '@furrow/domain/api/farms';
import { z } from 'zod';
import type { CreateFarmInput } from './farms-api';

const numberIn = (min: number, max: number) => (value: string) => {
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) && number >= min && number <= max;
};

/** What the farm form holds: text as typed, turned into the API's body by `toFarmBody`. */
export const farmFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Give your farm a name').max(100, 'At most 100 characters'),
    description: z.string().max(5000, 'At most 5,000 characters'),
    addressLine: z.string().max(200, 'At most 200 characters'),
    city: z.string().max(100, 'At most 100 characters'),
    region: z.string().max(100, 'At most 100 characters'),
    postalCode: z.string().max(20, 'At most 20 characters'),
    country: z.string().regex(/^[A-Za-z]{2}$/, 'A two-letter country code, such as US'),
    lat: z
      .string()
      .refine(numberIn(-90, 90), 'Look your place up, or type a latitude from -90 to 90'),
    lng: z
      .string()
      .refine(numberIn(-180, 180), 'Look your place up, or type a longitude from -180 to 180'),
    pickupEnabled: z.boolean(),
    pickupInstructions: z.string().max(1000, 'At most 1,000 characters'),
    deliveryEnabled: z.boolean(),
    deliveryRadiusKm: z.string(),
    contactEmail: z.union([z.literal(''), z.email('Enter an e-mail address, or leave it empty')]),
    contactPhone: z.string().max(40, 'At most 40 characters'),
    website: z.union([
      z.literal(''),
      z.url({ message: 'Enter a full web address, like https://yourfarm.com' }),
    ]),
  })
  .superRefine((values, context) => {
    const radius = Number(values.deliveryRadiusKm);
    if (
      values.deliveryEnabled &&
      !(Number.isInteger(radius) && radius >= 1 && radius <= MAX_DELIVERY_RADIUS_KM)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['deliveryRadiusKm'],
        message: `How far you deliver, in whole km from 1 to ${MAX_DELIVERY_RADIUS_KM}`,
      });
    }
  });

export type FarmFormValues = z.infer<typeof farmFormSchema>;
export type FarmFormField = keyof FarmFormValues;

export function farmFormDefaults(farm?: Farm): FarmFormValues {
  return {
    name: farm?.name ?? '',
    description: farm?.description ?? '',
    addressLine: farm?.address.line ?? '',
    city: farm?.address.city ?? '',
    region: farm?.address.region ?? '',
    postalCode: farm?.address.postalCode ?? '',
    country: farm?.location.country ?? 'US',
    lat: farm ? String(farm.location.lat) : '',
    lng: farm ? String(farm.location.lng) : '',
    pickupEnabled: farm?.pickup.enabled ?? true,
    pickupInstructions: farm?.pickup.instructions ?? '',
    deliveryEnabled: farm?.delivery.enabled ?? false,
    deliveryRadiusKm: farm && farm.delivery.radiusKm > 0 ? String(farm.delivery.radiusKm) : '',
    contactEmail: farm?.contact.email ?? '',
    contactPhone: farm?.contact.phone ?? '',
    website: farm?.contact.website ?? '',
  };
}

export function toFarmBody(values: FarmFormValues): CreateFarmInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    address: {
      line: values.addressLine.trim(),
      city: values.city.trim(),
      region: values.region.trim(),
      postalCode: values.postalCode.trim(),
    },
    location: { lat: Number(values.lat), lng: Number(values.lng), country: values.country },
    pickup: { enabled: values.pickupEnabled, instructions: values.pickupInstructions.trim() },
    delivery: {
      enabled: values.deliveryEnabled,
      radiusKm: values.deliveryEnabled ? Number(values.deliveryRadiusKm) : 0,
    },
    contact: {
      email: values.contactEmail.trim(),
      phone: values.contactPhone.trim(),
      website: values.website.trim(),
    },
  };
}

/** The form field behind a field the server named in an error (`location.lat` -> `lat`). */
export const serverFieldToFormField: Record<string, FarmFormField> = {
  name: 'name',
  description: 'description',
  'address.line': 'addressLine',
  'address.city': 'city',
  'address.region': 'region',
  'address.postalCode': 'postalCode',
  'location.lat': 'lat',
  'location.lng': 'lng',
  'location.country': 'country',
  'pickup.instructions': 'pickupInstructions',
  'delivery.radiusKm': 'deliveryRadiusKm',
  'contact.email': 'contactEmail',
  'contact.phone': 'contactPhone',
  'contact.website': 'website',
};
