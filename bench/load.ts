// Bulk load of a generated dataset: multi-row inserts of a thousand rows, in one transaction.
import { hashPassword } from '../apps/server/src/adapters/passwords';
import type { Db } from '../apps/server/src/db/client';
import { demoSubscription } from '../apps/server/src/demo/subscriptions';
import { farmers } from '../apps/server/src/modules/farmers/farmers.schema';
import { farms } from '../apps/server/src/modules/farms/farms.schema';
import { products } from '../apps/server/src/modules/products/products.schema';
import { subscriptions } from '../apps/server/src/modules/subscriptions/subscriptions.schema';
import { customerProfiles, users } from '../apps/server/src/modules/users/users.schema';
import { BENCH_CUSTOMERS, BENCH_PASSWORD, type Dataset } from './dataset';

const BATCH = 1_000;

export function benchCustomerEmail(index: number): string {
  return `shopper${index}@bench.furrow.test`;
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

export async function loadDataset(db: Db, dataset: Dataset): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const verified = { status: 'active', isEmailVerified: true } as const;
  await db.transaction(async (tx) => {
    await inBatches(dataset.farms, (batch) =>
      tx.insert(users).values(
        batch.map((farm, index) => ({
          id: farm.farmerId,
          email: `farmer-${farm.id}@bench.furrow.test`,
          role: 'farmer' as const,
          firstName: 'Bench',
          lastName: `Farmer ${index}`,
          ...verified,
        })),
      ),
    );
    await inBatches(dataset.farms, (batch) =>
      tx.insert(farmers).values(
        batch.map((farm) => ({
          id: farm.farmerId,
          farmName: farm.name,
          region: farm.region,
          city: farm.city,
        })),
      ),
    );
    await inBatches(dataset.farms, (batch) => tx.insert(farms).values(batch));
    await inBatches(dataset.products, (batch) => tx.insert(products).values(batch));
    // Every farmer is on a plan that holds their catalogue: a farm without one takes no orders.
    const now = new Date();
    await inBatches(dataset.farms, (batch) =>
      tx
        .insert(subscriptions)
        .values(
          batch.map(
            (farm, index) =>
              demoSubscription({ index: index + 1, slug: farm.id }, farm.farmerId, 50, now)
                .subscription,
          ),
        ),
    );
    const customers = Array.from({ length: BENCH_CUSTOMERS }, (_, index) => ({
      email: benchCustomerEmail(index),
      role: 'customer' as const,
      firstName: 'Bench',
      lastName: `Shopper ${index}`,
      passwordHash,
      ...verified,
    }));
    const ids = await tx.insert(users).values(customers).returning({ id: users.id });
    await tx.insert(customerProfiles).values(ids.map(({ id }) => ({ userId: id })));
  });
}
