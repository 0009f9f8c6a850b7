import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { categorySlugs } from '@furrow/domain/categories';
import { thumbnailUrl } from '@furrow/domain/images';
import { getPlan } from '@furrow/domain/plans';
import { and, count, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { localDiskStorage, UPLOADS_PREFIX } from '../adapters/storage';
import { localUploadsDir } from '../app';
import { farmDailyStatsSeries } from '../modules/analytics';
import { farmDailyStats } from '../modules/analytics/analytics.schema';
import { areaAlerts } from '../modules/area-alerts/area-alerts.schema';
import { auditLog } from '../modules/audit/audit.schema';
import { events } from '../modules/events/events.schema';
import { farms, pickupWindows } from '../modules/farms/farms.schema';
import { seedDemoOrders } from '../modules/orders';
import { orderItems, orders } from '../modules/orders/orders.schema';
import { seedDemoPreorders } from '../modules/preorders';
import { preorders } from '../modules/preorders/preorders.schema';
import { products } from '../modules/products/products.schema';
import { billingRecords, subscriptions } from '../modules/subscriptions/subscriptions.schema';
import { users } from '../modules/users/users.schema';
import { useTestApp } from '../testing/test-app';
import { demoAccounts, demoFarms, farmKinds } from './catalogue';
import { addDemoPictures } from './pictures';
import { seedDemoData } from './seed';

const t = useTestApp();

describe('demo data', () => {
  it('loads at least 14 farms, 120 products and the three demo accounts, once', async () => {
    const summary = await seedDemoData(t.database.db, [seedDemoOrders, seedDemoPreorders]);
    expect(summary?.farms).toBeGreaterThanOrEqual(14);
    expect(summary?.products).toBeGreaterThanOrEqual(120);
    const db = t.database.db;
    const [farmCount] = await db.select({ n: count() }).from(farms);
    const [productCount] = await db.select({ n: count() }).from(products);
    expect(farmCount?.n).toBe(summary?.farms);
    expect(productCount?.n).toBe(summary?.products);
    const roles = (await db.select({ role: users.role }).from(users)).map((u) => u.role);
    expect(new Set(roles)).toEqual(new Set(['customer', 'farmer', 'admin']));

    expect(await seedDemoData(db)).toBeNull();
    const [again] = await db.select({ n: count() }).from(products);
    expect(again?.n).toBe(summary?.products);
  });

  it('has one farm suspended with a reason, some featured, audit entries and upcoming events', async () => {
    const db = t.database.db;
    const suspended = await db.select().from(farms).where(eq(farms.status, 'suspended'));
    expect(suspended).toHaveLength(1);
    expect(suspended[0]?.suspendedReason).toEqual(expect.any(String));
    const featured = await db.select().from(farms).where(eq(farms.featured, true));
    expect(featured.length).toBeGreaterThanOrEqual(3);
    const [audited] = await db.select({ n: count() }).from(auditLog);
    expect(audited?.n).toBeGreaterThanOrEqual(3);
    const upcoming = await db.select().from(events).where(gt(events.startsAt, new Date()));
    expect(upcoming.length).toBeGreaterThanOrEqual(4);
    const waiting = await db.select().from(areaAlerts).where(isNull(areaAlerts.notifiedAt));
    expect(waiting.length).toBeGreaterThanOrEqual(2);
  });

  it('gives the demo customer orders in several states and a pending pre-order', async () => {
    const db = t.database.db;
    const [customer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccounts.customer.email));
    const statuses = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.customerId, customer?.id ?? ''));
    expect(new Set(statuses.map((row) => row.status))).toEqual(
      new Set(['placed', 'confirmed', 'ready', 'completed', 'cancelled']),
    );
    // One demo farm takes cards, and the customer paid an order there by card.
    const connected = await db.select().from(farms).where(eq(farms.chargesEnabled, true));
    expect(connected).toHaveLength(1);
    expect(connected[0]?.payoutAccountId).toMatch(/^acct_sandbox_/);
    const paid = await db
      .select()
      .from(orders)
      .where(and(eq(orders.payment, 'card'), eq(orders.paymentStatus, 'paid')));
    expect(paid).toMatchObject([{ status: 'placed', farmId: connected[0]?.id }]);
    const pending = await db
      .select()
      .from(preorders)
      .where(and(eq(preorders.customerId, customer?.id ?? ''), eq(preorders.status, 'pending')));
    expect(pending).toHaveLength(1);
    const [windows] = await db.select({ n: count() }).from(pickupWindows);
    expect(windows?.n).toBeGreaterThanOrEqual(12);
    const [upcoming] = await db
      .select({ n: count() })
      .from(products)
      .where(isNotNull(products.availableFrom));
    expect(upcoming?.n).toBeGreaterThan(0);
    const hidden = await db
      .select({ id: products.id, farmerId: products.farmerId })
      .from(products)
      .where(eq(products.hiddenByFarmer, true));
    expect(hidden).toHaveLength(1);
    const [ordered] = await db
      .select({ n: count() })
      .from(orderItems)
      .where(eq(orderItems.productId, hidden[0]?.id ?? ''));
    expect(ordered?.n).toBeGreaterThan(0);
  });

  it('uses only the fixed categories', async () => {
    const rows = await t.database.db.selectDistinct({ slug: products.categorySlug }).from(products);
    for (const { slug } of rows) expect(categorySlugs).toContain(slug);
  });
});

describe('demo catalogue', () => {
  const uploads = () => localUploadsDir(t.config);

  it('gives every product a picture and every farm a logo and a cover, as decodable image files', async () => {
    const db = t.database.db;
    const storage = localDiskStorage(uploads());
    const { images } = await addDemoPictures({ db, storage });
    const rows = await db.select({ name: products.name, images: products.images }).from(products);
    const farmRows = await db.select().from(farms);
    expect(images).toBe(rows.length + 2 * farmRows.length);
    const urls = [
      ...rows.map((row) => row.images[0]),
      ...farmRows.flatMap((farm) => [farm.logoPath, farm.coverPath]),
    ];
    for (const url of urls) {
      expect(url).toMatch(new RegExp(`^${UPLOADS_PREFIX}farmers/`));
      for (const file of [url ?? '', thumbnailUrl(url ?? '')]) {
        const bytes = await readFile(join(uploads(), file.slice(UPLOADS_PREFIX.length)));
        const { format, width } = await sharp(bytes).metadata();
        expect(format).toBe('webp');
        expect(width).toBeGreaterThan(100);
      }
    }
    // Run again, it finds every picture in place and stores nothing twice.
    expect((await addDemoPictures({ db, storage })).images).toBe(0);
  }, 180_000);

  it('has no two farms with the same list, and every farm sells only what its kind of farm sells', () => {
    const lists = demoFarms.map((farm) =>
      farm.products
        .map((product) => product.name)
        .toSorted()
        .join('|'),
    );
    expect(new Set(lists).size).toBe(demoFarms.length);
    for (const farm of demoFarms) {
      const allowed: readonly string[] = farmKinds[farm.kind];
      for (const product of farm.products) {
        expect(allowed, `${farm.name}: ${product.name}`).toContain(product.categorySlug);
      }
      const names = farm.products.map((product) => product.name);
      expect(new Set(names).size).toBe(names.length);
      expect(farm.products.some((product) => product.soldOut)).toBe(true);
    }
    expect(demoFarms.filter((farm) => farm.products.some((p) => p.harvestInDays)).length).toBe(
      demoFarms.length,
    );
  });

  it('shows at least four open farms within 50 km of each metro', async () => {
    const metros = {
      Portland: { lat: 45.5152, long: -122.6784 },
      Austin: { lat: 30.2672, long: -97.7431 },
    };
    for (const [metro, at] of Object.entries(metros)) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/products?lat=${at.lat}&long=${at.long}&limit=200`,
      });
      expect(answer.statusCode).toBe(200);
      const { products: found } = answer.json() as { products: { farm: { id: string } }[] };
      const farmsNear = new Set(found.map((product) => product.farm.id));
      expect(farmsNear.size, metro).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('demo plans', () => {
  it('gives every demo farmer a plan that holds their catalogue: one in trial, one past due, one cancelled, the rest active, some annual', async () => {
    const db = t.database.db;
    const rows = await db.select().from(subscriptions);
    const statuses = rows.map((row) => row.status);
    expect(statuses.filter((s) => s === 'trial')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'past_due')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'cancelled')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'active').length).toBeGreaterThanOrEqual(9);
    const annual = rows.filter((row) => row.billingCycle === 'annual');
    expect(annual.map((row) => row.status)).toEqual(['active', 'active']);
    // Stored per month: the annual price / 12.
    for (const row of annual) {
      expect(row.priceCents).toBe(Math.round(getPlan(row.planId).annualPriceCents / 12));
    }
    // What the demo admin sees: several plan states in the farm table, and MRR.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        email: demoAccounts.admin.email,
        password: demoAccounts.admin.password,
        admin: true,
      },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/overview', headers });
    expect(overview.json().mrr).toBeGreaterThan(0);
    const table = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/farms-management/get_farms?pageSize=100',
      headers,
    });
    const shown = new Set(
      table
        .json()
        .farms.map((farm: { subscription: { status: string } }) => farm.subscription.status),
    );
    expect(shown).toEqual(new Set(['active', 'trial', 'past_due', 'cancelled']));
    const counts = await db
      .select({ farmerId: products.farmerId, n: count() })
      .from(products)
      .groupBy(products.farmerId);
    const limits = { starter: 10, basic: 25, pro: 100 };
    for (const { farmerId, n } of counts) {
      const plan = rows.find((row) => row.farmerId === farmerId);
      expect(n).toBeLessThan(limits[plan?.planId ?? 'starter']);
    }
  });

  it('gives the demo farmer months of paid billing history', async () => {
    const db = t.database.db;
    const [farmer] = await db.select().from(users).where(eq(users.email, 'farmer@furrow.test'));
    const [plan] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.farmerId, farmer?.id ?? ''));
    expect(plan).toMatchObject({ status: 'active', planId: 'pro' });
    const history = await db
      .select()
      .from(billingRecords)
      .where(eq(billingRecords.subscriptionId, plan?.id ?? ''));
    expect(history.length).toBeGreaterThanOrEqual(5);
    expect(history.every((record) => record.status === 'paid' && record.amountCents === 1499)).toBe(
      true,
    );
  });

  it("gives every demo farm 30 days of views, orders and revenue, the demo orders' days included", async () => {
    const db = t.database.db;
    const [farmer] = await db.select().from(users).where(eq(users.email, 'farmer@furrow.test'));
    const [farm] = await db
      .select()
      .from(farms)
      .where(eq(farms.farmerId, farmer?.id ?? ''));
    const series = await farmDailyStatsSeries(db, farm?.id ?? '', new Date());
    expect(series).toHaveLength(30);
    expect(series.every((day) => day.farmViews > 0 && day.productViews > 0)).toBe(true);
    expect(series.filter((day) => day.orders > 0).length).toBeGreaterThan(20);
    const [placed] = await db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.farmId, farm?.id ?? ''));
    // The demo orders are on top of the history, counted as placed orders are.
    const ordered = series.reduce((sum, day) => sum + day.orders, 0);
    expect(ordered).toBeGreaterThan(placed?.n ?? 0);
    const [rows] = await db.select({ n: count() }).from(farmDailyStats);
    const [farmCount] = await db.select({ n: count() }).from(farms);
    expect(rows?.n).toBe((farmCount?.n ?? 0) * 30);
  });
});
