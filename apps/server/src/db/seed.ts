import { count } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords';
import type { Db } from './client';
import { demoAccounts, demoFarms, demoProductsByCategory } from './demo-catalogue';
import { customerProfiles, farmers, farms, products, users } from './schema';

export interface SeedSummary {
  farms: number;
  products: number;
  accounts: string[];
}

/**
 * Loads the demo marketplace into an empty database and does nothing otherwise,
 * so that it is safe at every start. Returns what it loaded, or null when it did not run.
 */
export async function seedDemoData(db: Db): Promise<SeedSummary | null> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;

  const [customerHash, farmerHash, adminHash] = await Promise.all([
    hashPassword(demoAccounts.customer.password),
    hashPassword(demoAccounts.farmer.password),
    hashPassword(demoAccounts.admin.password),
  ]);
  const verified = { status: 'active', isEmailVerified: true } as const;

  return db.transaction(async (tx) => {
    const [, customer] = await tx
      .insert(users)
      .values([
        { ...demoAccounts.admin, ...verified, role: 'admin', passwordHash: adminHash },
        { ...demoAccounts.customer, ...verified, role: 'customer', passwordHash: customerHash },
      ])
      .returning({ id: users.id });
    if (customer) await tx.insert(customerProfiles).values({ userId: customer.id });

    let productCount = 0;
    for (const [index, farm] of demoFarms.entries()) {
      // The first farm belongs to the demo farmer; the others to farmers who sign in another way.
      const isDemoFarmer = index === 0;
      const [owner] = await tx
        .insert(users)
        .values({
          ...verified,
          role: 'farmer',
          email: isDemoFarmer ? demoAccounts.farmer.email : `${farm.slug}@farms.furrow.test`,
          passwordHash: isDemoFarmer ? farmerHash : null,
          firstName: farm.farmer.firstName,
          lastName: farm.farmer.lastName,
        })
        .returning({ id: users.id });
      if (!owner) throw new Error('demo farmer was not created');
      await tx.insert(farmers).values({
        id: owner.id,
        farmName: farm.name,
        bio: farm.description,
        featured: farm.featured,
        city: farm.city,
        region: farm.region,
      });
      const [created] = await tx
        .insert(farms)
        .values({
          farmerId: owner.id,
          name: farm.name,
          description: farm.description,
          addressLine: farm.addressLine,
          city: farm.city,
          region: farm.region,
          postalCode: farm.postalCode,
          lat: farm.lat,
          lng: farm.lng,
          pickupEnabled: true,
          pickupInstructions: 'Farm stand by the main gate, Saturdays 9 am to 1 pm.',
          deliveryEnabled: farm.delivery,
          deliveryRadiusKm: farm.delivery ? 25 : 0,
          contactEmail: `${farm.slug}@farms.furrow.test`,
        })
        .returning({ id: farms.id });
      if (!created) throw new Error('demo farm was not created');

      const listing = farm.grows.flatMap((slug) =>
        demoProductsByCategory[slug].map((product) => ({ ...product, categorySlug: slug })),
      );
      const now = new Date();
      await tx.insert(products).values(
        listing.map((product, position) => ({
          farmId: created.id,
          farmerId: owner.id,
          name: product.name,
          description: product.description,
          unit: product.unit,
          categorySlug: product.categorySlug,
          // Each farm prices a little differently; a few items are sold out, as at a real market.
          priceCents: Math.round(
            (product.priceCents * (95 + ((index * 7 + position * 3) % 15))) / 100,
          ),
          stock: (index + position) % 11 === 0 ? 0 : 4 + ((index * 13 + position * 17) % 57),
          lastStockUpdate: now,
          updatedBy: owner.id,
        })),
      );
      productCount += listing.length;
    }

    return {
      farms: demoFarms.length,
      products: productCount,
      accounts: Object.values(demoAccounts).map((account) => account.email),
    };
  });
}
