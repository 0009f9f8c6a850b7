import { z } from 'zod';
import { categorySlugs } from '../categories';
import { MAX_PRODUCT_IMAGES } from '../images';
import { DEFAULT_RADIUS_KM, productSorts } from '../product-search';
import { MAX_STOCK, type StockChange } from '../stock';
import { dollars } from './common';
import { latitudeQuery, longitudeQuery, radiusKmQuery } from './coordinates';

export const productUnits = [
  'each',
  'lb',
  'oz',
  'kg',
  'g',
  'bunch',
  'dozen',
  'half-dozen',
  'pint',
  'quart',
  'gallon',
  'jar',
  'bottle',
  'loaf',
  'bag',
  'box',
  'bouquet',
  'pot',
] as const;
export type ProductUnit = (typeof productUnits)[number];

/** A product as every answer shows it. Price in dollars; `inStock` derives from `stock`. */
export const productAnswer = z.object({
  id: z.uuid(),
  farmId: z.uuid(),
  farmerId: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  unit: z.string(),
  categorySlug: z.enum(categorySlugs),
  stock: z.number().int(),
  inStock: z.boolean(),
  images: z.array(z.string()),
  availableFrom: z.string().nullable(),
  lastStockUpdate: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.uuid().nullable(),
  createdAt: z.string(),
  farmer: z.object({ id: z.uuid(), name: z.string() }),
  farm: z.object({ id: z.uuid(), name: z.string(), city: z.string(), region: z.string() }),
  /**
   * Hidden from shoppers by the farmer, or by the plan past its product limit. Only the
   * owner and admins ever see a hidden product; both flags are false for everyone else.
   */
  hiddenByFarmer: z.boolean(),
  hiddenByPlan: z.boolean(),
  /** Kilometres from the searched location, when the search had one. */
  distanceKm: z.number().nullable(),
});
export type Product = z.infer<typeof productAnswer>;

/** See `productSorts` (in `product-search.ts`) for how `nearest` uses it. */
export const PRODUCTS_PER_FARM_ROUND = 3;

/** `GET /api/products`: products near a location (long, lat, optional categorySlug). */
export const browseProductsQuery = z.object({
  lat: latitudeQuery,
  long: longitudeQuery,
  categorySlug: z.enum(categorySlugs).optional(),
  radiusKm: radiusKmQuery(500).default(DEFAULT_RADIUS_KM),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(productSorts).default('nearest'),
  limit: z.coerce.number().int().min(1).max(200).default(60),
  offset: z.coerce.number().int().min(0).default(0),
});
export type BrowseProductsQuery = z.output<typeof browseProductsQuery>;

export const productListAnswer = z.object({ products: z.array(productAnswer) });

/** `GET /api/products/{id}`: with `lat` and `long`, the answer carries the distance to the farm. */
export const productQuery = z
  .object({
    lat: browseProductsQuery.shape.lat.optional(),
    long: browseProductsQuery.shape.long.optional(),
  })
  .refine((value) => (value.lat === undefined) === (value.long === undefined), {
    message: 'send both lat and long, or neither',
    path: ['long'],
  });
export type ProductQuery = z.output<typeof productQuery>;

// Farmers' writes. The answers above stay as they are: browsing and the cart use them.

const productText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`);

/** Stored upload URLs as answers carry them (`/uploads/...`). */
export const storedImageUrl = z
  .string()
  .max(300)
  .regex(/^\/uploads\/[a-z0-9/_-]+\.webp$/, 'must be an image uploaded to Furrow');

const productFields = z.object({
  name: productText(120).min(1, 'is required'),
  description: productText(5000),
  price: dollars,
  unit: z.enum(productUnits),
  categorySlug: z.enum(categorySlugs),
  stock: z.number().int().min(0).max(MAX_STOCK),
  /** Photos already stored for the same farmer; new photos go through `POST /api/products/{id}/images`. */
  images: z.array(storedImageUrl).max(MAX_PRODUCT_IMAGES),
  /** For produce not yet harvested: the first day it can be picked up (YYYY-MM-DD). */
  availableFrom: z.iso.date('must be a date (YYYY-MM-DD)').nullable(),
});

/** `POST /api/product/create/{farmId}`. */
export const createProductBody = productFields.extend({
  description: productFields.shape.description.default(''),
  stock: productFields.shape.stock.default(0),
  images: productFields.shape.images.default([]),
  availableFrom: productFields.shape.availableFrom.default(null),
});
export type CreateProductBody = z.output<typeof createProductBody>;

/** `PATCH /api/products/{id}`: any of the fields; `images` may reorder or drop photos. */
export const updateProductBody = productFields
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'send at least one field to change');
export type UpdateProductBody = z.output<typeof updateProductBody>;

/** `POST /api/products/{id}/stock`: `{ delta }` adds (or, negative, takes); `{ stock }` sets. */
export const stockChangeBody = z
  .object({
    delta: z.number().int().min(-MAX_STOCK).max(MAX_STOCK).optional(),
    stock: z.number().int().min(0).max(MAX_STOCK).optional(),
  })
  .refine(
    (value) => (value.delta === undefined) !== (value.stock === undefined),
    'send either delta (to add or take) or stock (to set), not both',
  )
  .transform(
    (value): StockChange =>
      value.delta === undefined ? { stock: value.stock ?? 0 } : { delta: value.delta },
  );

/** The most products one `PATCH /api/farms/{farmId}/stock` may change: a whole farm's list. */
export const MAX_STOCK_LINES = 200;

/** One product's line of a stock change for many: `delta` adds (or takes), `stock` sets. */
const farmStockLine = z
  .object({
    productId: z.uuid(),
    delta: z.number().int().min(-MAX_STOCK).max(MAX_STOCK).optional(),
    stock: z.number().int().min(0).max(MAX_STOCK).optional(),
  })
  .refine(
    (value) => (value.delta === undefined) !== (value.stock === undefined),
    'send either delta (to add or take) or stock (to set), not both',
  )
  .transform((value): { productId: string; change: StockChange } => ({
    productId: value.productId,
    change: value.delta === undefined ? { stock: value.stock ?? 0 } : { delta: value.delta },
  }));

/**
 * `PATCH /api/farms/{farmId}/stock`: the stock of several of one farm's products in one change,
 * applied whole or not at all. Each product appears once, so that no line hides another.
 */
export const farmStockBody = z.object({
  lines: z
    .array(farmStockLine)
    .min(1, 'send at least one product')
    .max(MAX_STOCK_LINES, `send at most ${MAX_STOCK_LINES} products`)
    .refine(
      (lines) => new Set(lines.map((line) => line.productId)).size === lines.length,
      'name each product once',
    ),
});
export type FarmStockBody = z.output<typeof farmStockBody>;

export const farmProductsParams = z.object({ farmId: z.uuid() });
export const productImageParams = z.object({ id: z.uuid(), imageId: z.uuid() });

export const productEnvelope = z.object({ product: productAnswer });
export const productMessageAnswer = z.object({ message: z.string(), product: productAnswer });
export const productsMessageAnswer = z.object({
  message: z.string(),
  products: z.array(productAnswer),
});

/**
 * Uploads are multipart/form-data with one file; the multipart parser leaves the JSON body empty.
 * This schema only documents the form in OpenAPI; the file itself is checked by decoding it.
 */
export const imageUploadForm = z
  .object({
    file: z.string().meta({
      format: 'binary',
      description: 'One JPEG, PNG or WebP image, at most 5 MB (checked by its content)',
    }),
  })
  .nullish();

/** `POST /api/products/{id}/visibility`: the farmer hides a product from the shop or shows it again. */
export const productVisibilityBody = z.object({ hidden: z.boolean() });
