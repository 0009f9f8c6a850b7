import type { Farm } from '@furrow/domain/api/farms';
import { MAX_DELIVERY_RADIUS_KM } from '@furrow/domain/api/farms';
import { DEFAULT_FARM_TIME_ZONE, type pickupWindowsField } from '@furrow/domain/api/pickup-windows';
import { weekdays } from '@furrow/domain/farm-time';
import { centsToDollars, dollarsToCents } from '@furrow/domain/money';
import {
  MAX_PICKUP_WINDOWS,
  type PickupWindow,
  pickupWindowProblems,
} from '@furrow/domain/pickup-windows';
import { isWebAddress } from '@furrow/domain/web-address';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import type { CreateFarmInput } from './farms-api';

const numberIn = (min: number, max: number) => (value: string) => {
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) && number >= min && number <= max;
};

/** Dollars as typed: "5", "5.5" or "5.50", never below zero. */
const isMoney = (value: string) => /^\d{1,6}(\.\d{1,2})?$/.test(value.trim());

/** A pickup window as the form holds it; `id` is empty for a window not saved yet. */
const pickupWindowRow = z.object({
  id: z.string(),
  kind: z.enum(['weekly', 'once']),
  day: z.enum(weekdays),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  place: z.string().max(200, 'At most 200 characters'),
  capacity: z.string(),
});
export type PickupWindowRow = z.infer<typeof pickupWindowRow>;

export function newPickupWindowRow(): PickupWindowRow {
  return {
    id: '',
    kind: 'weekly',
    day: 'saturday',
    date: '',
    from: '09:00',
    to: '13:00',
    place: '',
    capacity: '',
  };
}

/** The domain says "must be later than the start time"; the form says whose. */
const windowFieldLabels: Record<string, string> = {
  from: 'Start time',
  to: 'End time',
  date: 'Date',
  place: 'Place',
  capacity: 'Capacity',
};

type PickupWindowBody = z.input<typeof pickupWindowsField>[number];

/** The form's rows as the API's windows; a row saved before keeps its id, and so its orders. */
function toPickupWindows(rows: readonly PickupWindowRow[]): PickupWindowBody[] {
  return rows.map((row) => {
    const base = {
      ...(row.id && { id: row.id }),
      from: row.from,
      to: row.to,
      place: row.place.trim(),
      capacity: row.capacity.trim() === '' ? null : Number(row.capacity),
    };
    return row.kind === 'weekly'
      ? { ...base, kind: 'weekly', day: row.day }
      : { ...base, kind: 'once', date: row.date };
  });
}

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
    deliveryFee: z.string(),
    deliveryMinimum: z.string(),
    timeZone: z.string(),
    pickupWindows: z
      .array(pickupWindowRow)
      .max(MAX_PICKUP_WINDOWS, `At most ${MAX_PICKUP_WINDOWS} pickup windows`),
    contactEmail: z.union([z.literal(''), z.email('Enter an e-mail address, or leave it empty')]),
    contactPhone: z.string().max(40, 'At most 40 characters'),
    website: z.union([
      z.literal(''),
      // The server's own check: http(s) only, never a javascript: or data: address.
      z.string().refine(isWebAddress, 'Enter a full web address, like https://yourfarm.com'),
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
    if (values.deliveryEnabled) {
      for (const field of ['deliveryFee', 'deliveryMinimum'] as const) {
        if (!isMoney(values[field])) {
          context.addIssue({
            code: 'custom',
            path: [field],
            message: 'An amount in dollars, such as 5 or 4.50',
          });
        }
      }
    }
    // New rows have no id yet; a placeholder per row keeps them apart for the duplicate check.
    const windows = toPickupWindows(values.pickupWindows).map(
      (window, index): PickupWindow => ({
        ...window,
        id: window.id ?? `new-${index}`,
        capacity: window.capacity ?? null,
      }),
    );
    for (const problem of pickupWindowProblems(windows)) {
      const [index, field] = problem.field.split('.');
      if (index === undefined || field === undefined) continue;
      context.addIssue({
        code: 'custom',
        path: ['pickupWindows', Number(index), field],
        message: `${windowFieldLabels[field] ?? 'This'} ${problem.message}`,
      });
    }
  });

export type FarmFormValues = z.infer<typeof farmFormSchema>;
export type FarmFormField = FieldPath<FarmFormValues>;

/** The browser's zone for a new farm: the farmer is most likely at the farm. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_FARM_TIME_ZONE;
}

function toRow(window: Farm['pickupWindows'][number]): PickupWindowRow {
  return {
    ...newPickupWindowRow(),
    id: window.id,
    kind: window.kind,
    ...(window.kind === 'weekly' ? { day: window.day } : { date: window.date }),
    from: window.from,
    to: window.to,
    place: window.place,
    capacity: window.capacity === null ? '' : String(window.capacity),
  };
}

const moneyText = (dollars: number) => (dollars > 0 ? String(dollars) : '');

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
    deliveryFee: farm ? moneyText(farm.delivery.fee) || '0' : '0',
    deliveryMinimum: farm ? moneyText(farm.delivery.minimumOrder) || '0' : '0',
    timeZone: farm?.timeZone ?? browserTimeZone(),
    pickupWindows: farm?.pickupWindows.map(toRow) ?? [],
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
    delivery: values.deliveryEnabled
      ? {
          enabled: true,
          radiusKm: Number(values.deliveryRadiusKm),
          // Through cents, so that "4.5" arrives as 4.5 and never as 4.499999.
          fee: centsToDollars(dollarsToCents(Number(values.deliveryFee))),
          minimumOrder: centsToDollars(dollarsToCents(Number(values.deliveryMinimum))),
        }
      : { enabled: false, radiusKm: 0 },
    timeZone: values.timeZone,
    pickupWindows: toPickupWindows(values.pickupWindows),
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
  'delivery.fee': 'deliveryFee',
  'delivery.minimumOrder': 'deliveryMinimum',
  'contact.email': 'contactEmail',
  'contact.phone': 'contactPhone',
  'contact.website': 'website',
};

/** The server's names for the fields of each pickup window (`pickupWindows.2.to`), as the form's. */
export function serverFieldsWithWindows(count: number): Record<string, FarmFormField> {
  const fields: Record<string, FarmFormField> = { ...serverFieldToFormField };
  for (let index = 0; index < count; index += 1) {
    for (const field of ['date', 'from', 'to', 'place', 'capacity'] as const) {
      fields[`pickupWindows.${index}.${field}`] = `pickupWindows.${index}.${field}`;
    }
  }
  return fields;
}
