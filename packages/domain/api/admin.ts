import { z } from 'zod';
import { billingCycles, planIds } from '../plans';
import { subscriptionStatuses } from '../subscriptions';
import { farmStatuses } from './farms';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const adminFarmSorts = [
  'name',
  'owner',
  'createdAt',
  'productCount',
  'orderCount',
  'revenue',
] as const;
export type AdminFarmSort = (typeof adminFarmSorts)[number];

/** `GET /api/admin/dashboard/farms-management/get_farms`: search, filter, sort, one page. */
export const adminFarmsQuery = z.object({
  /** Part of the farm's name, or of its owner's name or e-mail. */
  q: text(100).optional(),
  status: z.enum(farmStatuses).optional(),
  /** The plan of the farm's subscription (`adminFarm.subscription`); `none` for farms without. */
  plan: z.enum([...planIds, 'none']).optional(),
  featured: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  sort: z.enum(adminFarmSorts).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminFarmsQuery = z.output<typeof adminFarmsQuery>;

/** One row of the admin's farm table. */
export const adminFarm = z.object({
  id: z.uuid(),
  name: z.string(),
  owner: z.object({ id: z.uuid(), name: z.string(), email: z.string(), featured: z.boolean() }),
  /**
   * The plan of the farm's farmer (plans are the farmer's, across their farms): the current one
   * (trial or active), else the newest past-due, else the newest cancelled; null when they never
   * subscribed.
   */
  subscription: z
    .object({
      planId: z.enum(planIds),
      planName: z.string(),
      status: z.enum(subscriptionStatuses),
      billingCycle: z.enum(billingCycles),
    })
    .nullable(),
  productCount: z.number().int(),
  orderCount: z.number().int(),
  /** US dollars from orders that were not cancelled. */
  revenue: z.number(),
  createdAt: z.string(),
  featured: z.boolean(),
  status: z.enum(farmStatuses),
  suspendedReason: z.string().nullable(),
});
export type AdminFarm = z.infer<typeof adminFarm>;

export const adminFarmsAnswer = z.object({
  farms: z.array(adminFarm),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminFarmsAnswer = z.infer<typeof adminFarmsAnswer>;

/**
 * `PATCH /api/admin/farms/{id}`. Suspending needs a reason: the owner is told it, and the audit
 * log keeps it.
 */
export const adminUpdateFarmBody = z
  .object({
    status: z.enum(farmStatuses).optional(),
    reason: text(500).optional(),
    featured: z.boolean().optional(),
  })
  .refine(
    (value) => value.status !== undefined || value.featured !== undefined,
    'send a status or featured to change',
  )
  .refine((value) => value.status !== 'suspended' || (value.reason ?? '').length > 0, {
    message: 'a reason is required to suspend a farm',
    path: ['reason'],
  });
export type AdminUpdateFarmBody = z.output<typeof adminUpdateFarmBody>;

export const adminFarmMessageAnswer = z.object({ message: z.string(), farm: adminFarm });

/** `PATCH /api/admin/farmers/{id}`. */
export const adminUpdateFarmerBody = z.object({ featured: z.boolean() });
export const adminFarmerMessageAnswer = z.object({
  message: z.string(),
  farmer: z.object({ id: z.uuid(), featured: z.boolean() }),
});

/** `GET /api/admin/overview`: the admin's dashboard figures. */
export const adminOverviewAnswer = z.object({
  farms: z.object({ active: z.number().int(), suspended: z.number().int() }),
  farmers: z.number().int(),
  customers: z.number().int(),
  /**
   * Every plan with its subscriptions by status (cancelled ones are not counted) and the monthly
   * recurring revenue its active ones bring, in dollars (`summariseSubscriptions`).
   */
  subscriptionsByPlan: z.array(
    z.object({
      planId: z.enum(planIds),
      planName: z.string(),
      active: z.number().int(),
      trial: z.number().int(),
      pastDue: z.number().int(),
      mrr: z.number(),
    }),
  ),
  /**
   * Monthly recurring revenue in dollars: active subscriptions at their monthly price, annual ones
   * at the annual price / 12. Trials are not in it: `trialMrr` is what they would add once paid.
   */
  mrr: z.number(),
  trialMrr: z.number(),
  /** The last 8 weeks, oldest first; a week starts on Monday (UTC). */
  weeks: z.array(z.object({ weekStart: z.string(), orders: z.number().int(), sales: z.number() })),
});
export type AdminOverview = z.infer<typeof adminOverviewAnswer>;
