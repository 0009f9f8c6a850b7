import { z } from 'zod';
import { payoutStates } from '../card-payments';
import { categorySlugs } from '../categories';
import {
  decodeProductCursor,
  FARM_PAGE_MAX_PRODUCTS,
  FARM_PAGE_MORE_PRODUCTS,
  type ProductCursor,
} from '../farm-product-pages';
import { isWebAddress } from '../web-address';
import { dollars } from './common';
import { latitude, latitudeQuery, longitude, longitudeQuery } from './coordinates';
import { farmerAnswer } from './farmers';
import {
  DEFAULT_FARM_TIME_ZONE,
  pickupWindowAnswer,
  pickupWindowsField,
  timeZoneField,
} from './pickup-windows';
import { productAnswer, storedImageUrl } from './products';

export const farmStatuses = ['active', 'suspended'] as const;
export type FarmStatus = (typeof farmStatuses)[number];

/** The furthest a farm may offer delivery; a farm stand does not drive across states. */
export const MAX_DELIVERY_RADIUS_KM = 500;

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code such as US')
  .transform((code) => code.toUpperCase());

const address = z.object({
  line: text(200),
  city: text(100),
  region: text(100),
  postalCode: text(20),
});

const location = z.object({
  lat: latitude,
  lng: longitude,
  country,
});

const pickup = z.object({
  enabled: z.boolean(),
  instructions: text(1000),
});

const delivery = z.object({
  enabled: z.boolean(),
  radiusKm: z.number().int().min(0).max(MAX_DELIVERY_RADIUS_KM),
  /** A flat fee per delivered order, in dollars. */
  fee: dollars,
  /** The least a delivered order may cost before the fee, in dollars; 0 for none. */
  minimumOrder: dollars,
});

const contact = z.object({
  email: z.union([z.literal(''), z.email('must be an e-mail address').max(200)]),
  phone: text(40),
  website: z.union([
    z.literal(''),
    z
      .string()
      .max(300)
      .refine(isWebAddress, 'must be a web address starting with http:// or https://'),
  ]),
});

const deliveryNeedsRadius = (value: { enabled?: boolean; radiusKm?: number }) =>
  !value.enabled || value.radiusKm === undefined || value.radiusKm > 0;
const deliveryRadiusMessage = {
  message: 'a delivery radius of at least 1 km is needed to offer delivery',
  path: ['radiusKm'],
};

/**
 * A group of fields a new farm may leave out, in whole or in part: what is missing takes its
 * default, so that the stored farm is always complete.
 */
function withDefaults<Values extends Record<string, unknown>>(
  group: z.ZodType<Partial<Values>, Partial<Values>>,
  defaults: Values,
) {
  return group.prefault({}).transform((value) => {
    const filled = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof Values)[]) {
      filled[key] = value[key] ?? defaults[key];
    }
    return filled;
  });
}

/**
 * `POST /api/shop/create`. Only the name and the location are required: a new farmer can fill in
 * the rest later. The location comes from the gazetteer (`GET /api/geo/lookup`) or typed coordinates.
 */
export const createFarmBody = z.object({
  name: text(100).min(1, 'is required'),
  description: text(5000).default(''),
  address: withDefaults(address.partial(), { line: '', city: '', region: '', postalCode: '' }),
  location: location.extend({ country: country.default('US') }),
  pickup: withDefaults(pickup.partial(), { enabled: true, instructions: '' }),
  delivery: withDefaults(delivery.partial().refine(deliveryNeedsRadius, deliveryRadiusMessage), {
    enabled: false,
    radiusKm: 0,
    fee: 0,
    minimumOrder: 0,
  }),
  /** The farm's own clock, in which its pickup windows are written; the web sends the browser's. */
  timeZone: timeZoneField.default(DEFAULT_FARM_TIME_ZONE),
  /** None: pickup goes by the instructions alone, as before windows existed. */
  pickupWindows: pickupWindowsField.default([]),
  contact: withDefaults(contact.partial(), { email: '', phone: '', website: '' }),
  /** A logo already uploaded by the same farmer (e.g. their profile logo); or upload one afterwards. */
  logo: storedImageUrl.nullable().optional(),
});
export type CreateFarmBody = z.output<typeof createFarmBody>;

/** `PATCH /api/shop/{id}`: any part of the farm; nested groups may be partial too. */
export const updateFarmBody = z
  .object({
    name: text(100).min(1, 'is required'),
    description: text(5000),
    address: address.partial(),
    location: location.partial({ country: true }),
    pickup: pickup.partial(),
    delivery: delivery.partial().refine(deliveryNeedsRadius, deliveryRadiusMessage),
    timeZone: timeZoneField,
    /** Replaces the whole list; windows sent with their id keep it. */
    pickupWindows: pickupWindowsField,
    contact: contact.partial(),
    logo: storedImageUrl.nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'send at least one field to change');
export type UpdateFarmBody = z.output<typeof updateFarmBody>;

/** A farm (the API's shop) as every answer shows it. */
export const farmAnswer = z.object({
  id: z.uuid(),
  farmerId: z.uuid(),
  name: z.string(),
  description: z.string(),
  address: z.object({
    line: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
  }),
  location: z.object({ lat: z.number(), lng: z.number(), country: z.string() }),
  pickup: z.object({ enabled: z.boolean(), instructions: z.string() }),
  delivery: z.object({
    enabled: z.boolean(),
    radiusKm: z.number().int(),
    fee: z.number(),
    minimumOrder: z.number(),
  }),
  timeZone: z.string(),
  pickupWindows: z.array(pickupWindowAnswer),
  contact: z.object({ email: z.string(), phone: z.string(), website: z.string() }),
  logo: z.string().nullable(),
  /** The wide picture across the top of the farm's page. */
  cover: z.string().nullable(),
  status: z.enum(farmStatuses),
  /** Why an admin suspended the farm; shown only to the owner and to admins, null otherwise. */
  suspendedReason: z.string().nullable(),
  /** Set by an admin: featured farms lead the landing page. */
  featured: z.boolean(),
  /** Empty until the farm subscribes; shown only to the owner and to admins. */
  stripeCustomerId: z.string(),
  /** The farm takes card payments at checkout: its payouts account is connected. */
  cardPayments: z.boolean(),
  /** The payouts connection, for the owner and admins; null for everyone else. */
  payouts: z.enum(payoutStates).nullable(),
  productCount: z.number().int(),
  farmer: z.object({ id: z.uuid(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Farm = z.infer<typeof farmAnswer>;

export const farmIdParams = z.object({ farmId: z.uuid() });

/** `GET /api/shop/get_all`: the caller's farms, or with `farmerId` that farmer's farms. */
export const listFarmsQuery = z.object({ farmerId: z.uuid().optional() });

/**
 * `GET /api/farms/featured`: active farms an admin featured, for the landing page; with `lat` and
 * `long`, those within `radiusKm` (a longer drive than for groceries: a farm worth a day out),
 * nearest first.
 */
export const featuredFarmsQuery = z.object({
  lat: latitudeQuery.optional(),
  long: longitudeQuery.optional(),
  radiusKm: z.coerce.number().min(1).max(500).default(150),
  limit: z.coerce.number().int().min(1).max(24).default(6),
});
export type FeaturedFarmsQuery = z.output<typeof featuredFarmsQuery>;

export const shopListAnswer = z.object({ shops: z.array(farmAnswer) });
export const shopAnswer = z.object({ shop: farmAnswer });
export const shopMessageAnswer = z.object({ message: z.string(), shop: farmAnswer });

/** `GET /api/farms/{id}/products`: a farm's products in name order, a page at a time. */
export const farmProductsQuery = z.object({
  /** The `nextCursor` of the page before; absent for the first page. */
  after: z
    .string()
    .max(400)
    .refine((token) => decodeProductCursor(token) !== null, 'must be the nextCursor of a page')
    .transform((token) => decodeProductCursor(token) as ProductCursor)
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(FARM_PAGE_MAX_PRODUCTS)
    .default(FARM_PAGE_MORE_PRODUCTS),
  categorySlug: z.enum(categorySlugs).optional(),
  /** Words in the product's name or description. */
  q: z.string().trim().max(100).optional(),
});
export type FarmProductsQuery = z.output<typeof farmProductsQuery>;

export const farmProductsAnswer = z.object({
  products: z.array(productAnswer),
  /**
   * How many of the farm's products match over all pages (hidden ones for the owner and admins); on
   * the first page only (null after it: counting 10,000 products again for each page costs more
   * than the page).
   */
  total: z.number().int().nullable(),
  /** `after` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type FarmProductsAnswer = z.infer<typeof farmProductsAnswer>;

/**
 * `GET /api/farms/{id}`: the public farm page, with the first `FARM_PAGE_FIRST_PRODUCTS` of what it
 * sells; the rest come from `GET /api/farms/{id}/products`.
 */
export const publicFarmAnswer = z.object({
  farm: farmAnswer,
  /**
   * The farmer's public profile ("Meet the farmer"), as `GET /api/farmers/{id}` answers it: the
   * page needs it before it can show, and asking for it after the farm cost a second round trip.
   */
  farmer: farmerAnswer,
  ...farmProductsAnswer.shape,
});

/** `GET /api/farms/{farmId}/payouts`: the farm's payouts connection, read from the provider. */
export const payoutsAnswer = z.object({
  payouts: z.object({ state: z.enum(payoutStates) }),
});

/** `POST /api/farms/{farmId}/payouts/onboarding`: where the farmer finishes connecting. */
export const payoutsOnboardingAnswer = z.object({ message: z.string(), url: z.url() });
