import type { Product } from '@furrow/domain/api/products';
import type { CategorySlug } from '@furrow/domain/categories';
import { centsToDollars } from '@furrow/domain/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farms, products, users } from '../../db/schema';

/** The columns every product answer needs: the product, its farm and its farmer's name. */
export const productColumns = {
  product: products,
  farmName: farms.name,
  farmCity: farms.city,
  farmRegion: farms.region,
  farmerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
};

export interface ProductRow {
  product: typeof products.$inferSelect;
  farmName: string;
  farmCity: string;
  farmRegion: string;
  farmerName: string;
  distanceKm?: number | null;
}

/** Products joined with their farm and farmer, ready for `toProductAnswer`. */
export function selectProducts(db: Db) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(farms, sql`${farms.id} = ${products.farmId}`)
    .innerJoin(users, sql`${users.id} = ${products.farmerId}`);
}

export function toProductAnswer(row: ProductRow): Product {
  const { product } = row;
  return {
    id: product.id,
    farmId: product.farmId,
    farmerId: product.farmerId,
    name: product.name,
    description: product.description,
    price: centsToDollars(product.priceCents),
    unit: product.unit,
    categorySlug: product.categorySlug as CategorySlug,
    stock: product.stock,
    inStock: product.stock > 0,
    images: product.images,
    availableFrom: product.availableFrom,
    lastStockUpdate: product.lastStockUpdate?.toISOString() ?? null,
    updatedAt: product.updatedAt.toISOString(),
    updatedBy: product.updatedBy,
    createdAt: product.createdAt.toISOString(),
    farmer: { id: product.farmerId, name: row.farmerName },
    farm: { id: product.farmId, name: row.farmName, city: row.farmCity, region: row.farmRegion },
    distanceKm: row.distanceKm == null ? null : Math.round(row.distanceKm * 10) / 10,
  };
}
