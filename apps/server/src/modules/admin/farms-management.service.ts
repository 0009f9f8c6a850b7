import type {
  AdminFarm,
  AdminFarmSort,
  AdminFarmsQuery,
  AdminUpdateFarmBody,
} from '@furrow/domain/api/admin';
import type { AuditAction } from '@furrow/domain/api/audit';
import { fullName } from '@furrow/domain/api/users';
import { AppError } from '@furrow/domain/errors';
import { centsToDollars } from '@furrow/domain/money';
import { notSaleStatuses } from '@furrow/domain/orders';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { farmStatusMail } from '../../adapters/mail-templates';
import type { Executor, Tx } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { sendMail } from '../../jobs/send-mail';
import type { Viewer } from '../../policy/policy';
import { recordAudit } from '../audit';
import { lockFarmer, setFarmerFeatured as writeFarmerFeatured } from '../farmers';
import { farmers } from '../farmers/farmers.schema';
import { lockFarm, setFarmStanding } from '../farms';
import { farms } from '../farms/farms.schema';
import { orders } from '../orders/orders.schema';
import { products } from '../products/products.schema';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { findUserById } from '../users';
import { users } from '../users/users.schema';

type Admin = NonNullable<Viewer> & { email: string };

// Counted in subqueries rather than joined: a join of products and orders would multiply both.
const productCount = sql<number>`(select count(*) from ${products} where ${products.farmId} = ${farms.id})`;
const orderCount = sql<number>`(select count(*) from ${orders} where ${orders.farmId} = ${farms.id})`;
const revenueCents = sql<number>`(select coalesce(sum(${orders.totalCents}), 0) from ${orders} where ${orders.farmId} = ${farms.id} and ${notInArray(orders.status, notSaleStatuses)})`;

const sortColumns: Record<AdminFarmSort, SQL | typeof farms.name> = {
  name: sql`lower(${farms.name})`,
  owner: sql`lower(${users.lastName} || ' ' || ${users.firstName})`,
  createdAt: sql`${farms.createdAt}`,
  productCount,
  orderCount,
  revenue: revenueCents,
};

/**
 * One subscription per farmer, the one the admin's table shows: the current one (trial or active;
 * there is at most one), else the newest past-due, else the newest cancelled.
 */
function farmerPlans(db: Executor) {
  return db.$with('farmer_plans').as(
    db
      .selectDistinctOn([subscriptions.farmerId], {
        farmerId: subscriptions.farmerId,
        planId: subscriptions.planId,
        planName: subscriptions.planName,
        status: subscriptions.status,
        billingCycle: subscriptions.billingCycle,
      })
      .from(subscriptions)
      .orderBy(
        subscriptions.farmerId,
        sql`case ${subscriptions.status} when 'cancelled' then 2 when 'past_due' then 1 else 0 end`,
        desc(subscriptions.createdAt),
      ),
  );
}

function selectAdminFarms(db: Executor, plans = farmerPlans(db)) {
  return db
    .with(plans)
    .select({
      farm: farms,
      owner: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        featured: farmers.featured,
      },
      productCount: productCount.mapWith(Number),
      orderCount: orderCount.mapWith(Number),
      revenueCents: revenueCents.mapWith(Number),
      planId: plans.planId,
      planName: plans.planName,
      planStatus: plans.status,
      billingCycle: plans.billingCycle,
    })
    .from(farms)
    .innerJoin(users, eq(users.id, farms.farmerId))
    .innerJoin(farmers, eq(farmers.id, farms.farmerId))
    .leftJoin(plans, eq(plans.farmerId, farms.farmerId));
}

/** The farms of one plan, or (`none`) of farmers who never subscribed. */
function onPlan(
  plans: ReturnType<typeof farmerPlans>,
  plan: AdminFarmsQuery['plan'],
): SQL | undefined {
  if (plan === undefined) return undefined;
  return plan === 'none' ? isNull(plans.planId) : eq(plans.planId, plan);
}

type AdminFarmRow = Awaited<ReturnType<ReturnType<typeof selectAdminFarms>['execute']>>[number];

function toAdminFarm(row: AdminFarmRow): AdminFarm {
  const { farm, owner } = row;
  return {
    id: farm.id,
    name: farm.name,
    owner: {
      id: farm.farmerId,
      name: fullName(owner),
      email: owner.email,
      featured: owner.featured,
    },
    subscription:
      row.planId && row.planName && row.planStatus && row.billingCycle
        ? {
            planId: row.planId,
            planName: row.planName,
            status: row.planStatus,
            billingCycle: row.billingCycle,
          }
        : null,
    productCount: row.productCount,
    orderCount: row.orderCount,
    revenue: centsToDollars(row.revenueCents),
    createdAt: farm.createdAt.toISOString(),
    featured: farm.featured,
    status: farm.status,
    suspendedReason: farm.suspendedReason,
  };
}

/** Escapes LIKE's wildcards, so that a search for "100%" finds that text. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every farm, whatever its status, with its owner and its figures: one page of the admin's table. */
export async function listAdminFarms(
  db: Executor,
  query: AdminFarmsQuery,
): Promise<{ farms: AdminFarm[]; total: number }> {
  const pattern = query.q ? containing(query.q) : undefined;
  const plans = farmerPlans(db);
  const where = and(
    pattern === undefined
      ? undefined
      : or(
          ilike(farms.name, pattern),
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        ),
    query.status ? eq(farms.status, query.status) : undefined,
    query.featured === undefined ? undefined : eq(farms.featured, query.featured),
    onPlan(plans, query.plan),
  );
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    selectAdminFarms(db, plans)
      .where(where)
      .orderBy(direction(sortColumns[query.sort]), asc(farms.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .with(plans)
      .select({ total: count() })
      .from(farms)
      .innerJoin(users, eq(users.id, farms.farmerId))
      .leftJoin(plans, eq(plans.farmerId, farms.farmerId))
      .where(where),
  ]);
  return { farms: rows.map(toAdminFarm), total: counted?.total ?? 0 };
}

async function getAdminFarm(db: Executor, id: string): Promise<AdminFarm> {
  const [row] = await selectAdminFarms(db).where(eq(farms.id, id));
  if (!row) throw new AppError('FARM_NOT_FOUND');
  return toAdminFarm(row);
}

/**
 * Suspends or reinstates a farm and features or unfeatures it, in the caller's transaction: each
 * change is written to the audit log, and a change of status is e-mailed to the owner (a job, sent
 * only if the change commits).
 */
export async function updateFarmAsAdmin(
  tx: Tx,
  admin: Admin,
  id: string,
  body: AdminUpdateFarmBody,
  publicUrl: string,
): Promise<AdminFarm> {
  const before = await lockFarm(tx, id);
  if (!before) throw new AppError('FARM_NOT_FOUND');
  const status = body.status ?? before.status;
  const featured = body.featured ?? before.featured;
  const suspendedReason =
    status === 'suspended' ? (body.status ? (body.reason ?? null) : before.suspendedReason) : null;
  await setFarmStanding(tx, id, { status, featured, suspendedReason });

  const subject = { type: 'farm' as const, id, name: before.name };
  const audit = (action: AuditAction, field: 'status' | 'featured', reason?: string | null) =>
    recordAudit(tx, {
      actor: admin,
      action,
      subject,
      reason,
      before: { [field]: before[field], suspendedReason: before.suspendedReason },
      after: { [field]: field === 'status' ? status : featured, suspendedReason },
    });
  if (status !== before.status || (status === 'suspended' && body.reason !== undefined)) {
    await audit(status === 'suspended' ? 'farm.suspend' : 'farm.reinstate', 'status', body.reason);
    await tellOwner(tx, before.farmerId, before.name, suspendedReason, publicUrl);
  }
  if (featured !== before.featured) {
    await audit(featured ? 'farm.feature' : 'farm.unfeature', 'featured');
  }
  return getAdminFarm(tx, id);
}

async function tellOwner(
  tx: Tx,
  farmerId: string,
  farmName: string,
  reason: string | null,
  publicUrl: string,
): Promise<void> {
  const owner = await findUserById(tx, farmerId);
  if (!owner) return;
  await enqueue(
    tx,
    sendMail,
    farmStatusMail({
      to: owner.email,
      firstName: owner.firstName,
      farmName,
      reason,
      dashboardLink: `${publicUrl}/farmers/dashboard`,
    }),
  );
}

/** Features or unfeatures a farmer (`featured`), with its audit entry. */
export async function setFarmerFeatured(
  tx: Tx,
  admin: Admin,
  id: string,
  featured: boolean,
): Promise<{ id: string; featured: boolean }> {
  const before = await lockFarmer(tx, id);
  const account = before && (await findUserById(tx, id));
  if (!before || !account) throw new AppError('FARMER_NOT_FOUND');
  if (before.featured !== featured) {
    await writeFarmerFeatured(tx, id, featured);
    await recordAudit(tx, {
      actor: admin,
      action: featured ? 'farmer.feature' : 'farmer.unfeature',
      subject: { type: 'farmer', id, name: fullName(account) },
      before: { featured: before.featured },
      after: { featured },
    });
  }
  return { id, featured };
}
