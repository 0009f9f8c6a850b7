import type { Product } from '@furrow/domain/api/products';
import { productUnits } from '@furrow/domain/api/products';
import { categorySlugs } from '@furrow/domain/categories';
import { MAX_STOCK } from '@furrow/domain/stock';
import { z } from 'zod';
import type { CreateProductInput } from './farm-products-api';

/** What the product form holds: text as typed, turned into the API's body by `toProductBody`. */
export const productFormSchema = z.object({
  name: z.string().trim().min(1, 'Give the product a name').max(120, 'At most 120 characters'),
  description: z.string().max(5000, 'At most 5,000 characters'),
  price: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'A price in dollars, like 4.50'),
  unit: z.enum(productUnits, 'Choose how it is sold'),
  categorySlug: z.enum(categorySlugs, 'Choose a category'),
  stock: z
    .string()
    .trim()
    .regex(/^\d+$/, 'How many you have, as a whole number')
    .refine((value) => Number(value) <= MAX_STOCK, 'At most 1,000,000'),
  availableFrom: z.union([z.literal(''), z.iso.date('A date, or leave it empty')]),
});

export type ProductFormValues = z.infer<typeof productFormSchema>;
export type ProductFormField = keyof ProductFormValues;

export function productFormDefaults(product?: Product): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? product.price.toFixed(2) : '',
    unit: (product?.unit as ProductFormValues['unit'] | undefined) ?? 'each',
    categorySlug: product?.categorySlug ?? 'vegetables',
    stock: product ? String(product.stock) : '0',
    availableFrom: product?.availableFrom ?? '',
  };
}

export function toProductBody(values: ProductFormValues): CreateProductInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    unit: values.unit,
    categorySlug: values.categorySlug,
    stock: Number(values.stock),
    availableFrom: values.availableFrom || null,
  };
}

/** Units as a farmer reads them in the picker. */
export function unitLabel(unit: string): string {
  return unit === 'each' ? 'each (per item)' : unit.replaceAll('-', ' ');
}
