import { addLocalDays } from '@furrow/domain/farm-time';
import type { PickupWindow } from '@furrow/domain/pickup-windows';
import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../adapters/passwords';
import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import { publish } from '../domain-events/publish';
import { farmDailyStats } from '../modules/analytics/analytics.schema';
import { areaAlerts } from '../modules/area-alerts/area-alerts.schema';
import { auditLog } from '../modules/audit/audit.schema';
import { events } from '../modules/events/events.schema';
import { farmers } from '../modules/farmers/farmers.schema';
import { farmsChanged } from '../modules/farms';
import { farms } from '../modules/farms/farms.schema';
import { setInitialStock } from '../modules/inventory';
import { products } from '../modules/products/products.schema';
import {
  billingRecords,
  paymentMethods,
  subscriptions,
} from '../modules/subscriptions/subscriptions.schema';
import { customerProfiles, users } from '../modules/users/users.schema';
import { demoDailyStats } from './analytics';
import { demoAreaAlerts } from './area-alerts';
import { demoAccounts, demoEvents, demoFarms } from './catalogue';
import { demoTimeZones, seedPickupWindows } from './pickup';
import { demoSubscription } from './subscriptions';

const HOUR_MS = 3_600_000;

/** The demo farmer's farm and the demo customer, for the demo data of features beyond the catalogue. */
export interface DemoShop {
  customerId: string;
  farm: { id: string; name: string; farmerId: string; timeZone: string };
  windows: PickupWindow[];
  now: Date;
}

/**
 * Adds a feature's demo data in the seed's own transaction. The app passes it in (orders and
 * pre-orders are written by their module's functions), so that the database layer imports no module.
 */
export type DemoExtras = (tx: Tx, demo: DemoShop) => Promise<void>;

export interface SeedSummary {
  farms: number;
  products: number;
  accounts: string[];
}

/**
 * Loads the demo marketplace into an empty database and does nothing otherwise,
 * so that it is safe at every start. Returns what it loaded, or null when it did not run.
 */
export async function seedDemoData(db: Db, extras: DemoExtras[] = []): Promise<SeedSummary | null> {
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

    const [admin] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, demoAccounts.admin.email));
    if (!admin) throw new Error('demo admin was not created');
    const byAdmin = { actorId: admin.id, actorEmail: admin.email };
    const farmIds = new Map<string, { id: string; farmerId: string }>();
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
          pickupInstructions: farm.pickupInstructions,
          deliveryEnabled: farm.delivery,
          deliveryRadiusKm: farm.delivery ? 25 : 0,
          deliveryFeeCents: farm.delivery ? 500 : 0,
          deliveryMinimumCents: farm.delivery ? 2500 : 0,
          timeZone: demoTimeZones[farm.region],
          contactEmail: `${farm.slug}@farms.furrow.test`,
          featured: farm.featured,
          status: farm.suspendedReason ? 'suspended' : 'active',
          suspendedReason: farm.suspendedReason ?? null,
        })
        .returning({ id: farms.id });
      if (!created) throw new Error('demo farm was not created');
      farmIds.set(farm.slug, { id: created.id, farmerId: owner.id });
      // The admin's actions on the demo farms, as the audit log would have them.
      if (farm.featured) {
        await tx.insert(auditLog).values({
          ...byAdmin,
          action: 'farm.feature',
          subjectType: 'farm',
          subjectId: created.id,
          subjectName: farm.name,
          before: { featured: false },
          after: { featured: true },
        });
      }
      if (farm.suspendedReason) {
        await tx.insert(auditLog).values({
          ...byAdmin,
          action: 'farm.suspend',
          subjectType: 'farm',
          subjectId: created.id,
          subjectName: farm.name,
          reason: farm.suspendedReason,
          before: { status: 'active', suspendedReason: null },
          after: { status: 'suspended', suspendedReason: farm.suspendedReason },
        });
      }
      const windows = await seedPickupWindows(tx, created.id, index);

      const listing = farm.products;
      const now = new Date();
      const today = now.toISOString().slice(0, 10);
      const listed = await tx
        .insert(products)
        .values(
          listing.map((product, position) => ({
            farmId: created.id,
            farmerId: owner.id,
            name: product.name,
            description: product.description,
            unit: product.unit,
            categorySlug: product.categorySlug,
            priceCents: product.priceCents,
            availableFrom:
              product.harvestInDays === undefined
                ? null
                : addLocalDays(today, product.harvestInDays),
            lastStockUpdate: now,
            updatedBy: owner.id,
            // Listed over the past weeks, so that "newest" has an order.
            createdAt: new Date(now.getTime() - (position * 29 + index * 5) * HOUR_MS),
          })),
        )
        .returning({ id: products.id });
      // Upcoming products carry the harvest the farmer expects, which fills pre-orders on the day.
      const stocked = listed.map(({ id }, position) => ({
        productId: id,
        stock: listing[position]?.soldOut ? 0 : 6 + ((index * 13 + position * 17) % 40),
      }));
      await setInitialStock(tx, stocked, owner.id, now);
      productCount += listing.length;

      const plan = demoSubscription({ index, slug: farm.slug }, owner.id, listing.length, now);
      const [subscription] = await tx
        .insert(subscriptions)
        .values(plan.subscription)
        .returning({ id: subscriptions.id });
      if (!subscription) throw new Error('demo subscription was not created');
      if (plan.records.length > 0) {
        await tx
          .insert(billingRecords)
          .values(plan.records.map((record) => ({ ...record, subscriptionId: subscription.id })));
      }
      await tx.insert(paymentMethods).values({
        farmerId: owner.id,
        type: 'card',
        brand: 'visa',
        // The past-due farmer's card is the sandbox's declined one, so its retry fails too.
        last4: plan.subscription.status === 'past_due' ? '0002' : '4242',
        setupDate: plan.subscription.startDate,
      });
      // Written before the demo orders, which add themselves to their days as real ones do.
      await tx
        .insert(farmDailyStats)
        .values(demoDailyStats(index, now).map((day) => ({ ...day, farmId: created.id })));
      if (isDemoFarmer && customer) {
        const demo: DemoShop = {
          customerId: customer.id,
          farm: {
            id: created.id,
            name: farm.name,
            farmerId: owner.id,
            timeZone: demoTimeZones[farm.region] ?? 'UTC',
          },
          windows,
          now,
        };
        for (const extra of extras) await extra(tx, demo);
      }
    }

    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    await tx.insert(events).values(
      demoEvents.map((event) => {
        const farm = farmIds.get(event.farmSlug);
        if (!farm) throw new Error(`demo event for an unknown farm: ${event.farmSlug}`);
        const startsAt = new Date(
          today.getTime() + (event.inDays * 24 + event.startUtcHour) * HOUR_MS,
        );
        return {
          farmId: farm.id,
          farmerId: farm.farmerId,
          title: event.title,
          description: event.description,
          place: event.place,
          startsAt,
          endsAt: new Date(startsAt.getTime() + event.hours * HOUR_MS),
        };
      }),
    );
    await tx.insert(areaAlerts).values([...demoAreaAlerts]);
    await publish(tx, farmsChanged, {}, new Date());

    return {
      farms: demoFarms.length,
      products: productCount,
      accounts: Object.values(demoAccounts).map((account) => account.email),
    };
  });
}
