import type { Product } from '@furrow/domain/api/products';
import { fullName } from '@furrow/domain/api/users';
import { centsToDollars } from '@furrow/domain/money';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';
import { farms } from '../farms/farms.schema';
import { users } from '../users/users.schema';
import { products } from './products.schema';

/** The columns every product answer needs: the product, its farm and its farmer's name. */
export const productColumns = {
  product: products,
  farmName: farms.name,
  farmCity: farms.city,
  farmRegion: farms.region,
  farmer: { firstName: users.firstName, lastName: users.lastName },
};

export interface ProductRow {
  product: typeof products.$inferSelect;
  farmName: string;
  farmCity: string;
  farmRegion: string;
  farmer: { firstName: string; lastName: string };
  distanceKm?: number | null;
}

/** Products joined with their farm and farmer, ready for `toProductAnswer`. */
export function selectProducts(db: Executor) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(farms, sql`${farms.id} = ${products.farmId}`)
    .innerJoin(users, sql`${users.id} = ${products.farmerId}`);
}

/**
 * `rows` with their farm's and farmer's names, read by key for these rows' farms and farmers only:
 * joined in a query over many products, they made the database hash the whole farms and users
 * tables. A row whose farm or farmer is gone since is left out, as the join would.
 */
export async function withNames<Row extends { product: typeof products.$inferSelect }>(
  db: Executor,
  rows: Row[],
): Promise<(Row & Omit<ProductRow, 'product' | 'distanceKm'>)[]> {
  if (rows.length === 0) return [];
  const farmIds = [...new Set(rows.map((row) => row.product.farmId))];
  const farmerIds = [...new Set(rows.map((row) => row.product.farmerId))];
  const [farmRows, farmerRows] = await Promise.all([
    db
      .select({ id: farms.id, name: farms.name, city: farms.city, region: farms.region })
      .from(farms)
      .where(inArray(farms.id, farmIds)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, farmerIds)),
  ]);
  const farmById = new Map(farmRows.map((farm) => [farm.id, farm]));
  const farmerById = new Map(farmerRows.map((farmer) => [farmer.id, farmer]));
  return rows.flatMap((row) => {
    const farm = farmById.get(row.product.farmId);
    const farmer = farmerById.get(row.product.farmerId);
    if (!farm || !farmer) return [];
    return [
      {
        ...row,
        farmName: farm.name,
        farmCity: farm.city,
        farmRegion: farm.region,
        farmer: { firstName: farmer.firstName, lastName: farmer.lastName },
      },
    ];
  });
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
    categorySlug: product.categorySlug,
    stock: product.stock,
    inStock: product.stock > 0,
    images: product.images,
    availableFrom: product.availableFrom,
    lastStockUpdate: product.lastStockUpdate?.toISOString() ?? null,
    updatedAt: product.updatedAt.toISOString(),
    // Who edited it is said only when it was the product's own farmer, whose id is public anyway:
    // an admin's (or anyone else's) account id is not for every shopper to read.
    updatedBy: product.updatedBy === product.farmerId ? product.updatedBy : null,
    createdAt: product.createdAt.toISOString(),
    farmer: { id: product.farmerId, name: fullName(row.farmer) },
    farm: { id: product.farmId, name: row.farmName, city: row.farmCity, region: row.farmRegion },
    hiddenByFarmer: product.hiddenByFarmer,
    hiddenByPlan: product.hiddenByPlan,
    distanceKm: row.distanceKm == null ? null : Math.round(row.distanceKm * 10) / 10,
  };
}
