import { AppError } from '@furrow/domain/errors';
import { type BillingCycle, findPlan } from '@furrow/domain/plans';
import { cycleChargeCents } from '@furrow/domain/subscriptions';
import { and, desc, eq } from 'drizzle-orm';
import { authorize, type Viewer } from '../../policy/policy';
import { farms } from '../farms/farms.schema';
import { users } from '../users/users.schema';
import { subscriptions } from './subscriptions.schema';
import { type BillingDeps, findCurrentSubscription } from './subscriptions.service';

export interface CheckoutDeps extends BillingDeps {
  /** Where the provider sends the farmer back. */
  publicUrl: string;
}

/** Web app addresses the checkout returns to. */
const checkoutReturn = {
  success: '/farmers/dashboard?checkout=success',
  cancel: '/farmers/plans?checkout=cancelled',
};

/** The shop's customer at the provider, made the first time the shop subscribes and kept on it. */
async function customerFor(deps: BillingDeps, farm: typeof farms.$inferSelect): Promise<string> {
  if (farm.stripeCustomerId) return farm.stripeCustomerId;
  const [owner] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, farm.farmerId));
  const customerId = await deps.payments.createCustomer({
    email: owner?.email ?? '',
    name: farm.name,
    metadata: { farmId: farm.id, farmerId: farm.farmerId },
  });
  // Two tabs subscribing at once: the first customer stored wins, and both use it.
  const [stored] = await deps.db
    .update(farms)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(farms.id, farm.id), eq(farms.stripeCustomerId, '')))
    .returning({ stripeCustomerId: farms.stripeCustomerId });
  if (stored) return stored.stripeCustomerId;
  const [winner] = await deps.db
    .select({ stripeCustomerId: farms.stripeCustomerId })
    .from(farms)
    .where(eq(farms.id, farm.id));
  return winner?.stripeCustomerId ?? customerId;
}

/**
 * The shop subscribe call: the payment redirect address for one shop's plan, a checkout in
 * subscription mode with the 14-day trial. The subscription itself is made when the provider's webhook says the
 * checkout completed.
 */
export async function subscribeShop(
  deps: CheckoutDeps,
  viewer: Viewer,
  request: { shopId: string; planId: string; billingCycle: BillingCycle },
): Promise<string> {
  const plan = findPlan(request.planId);
  if (!plan) throw new AppError('INVALID_PLAN');
  const [farm] = await deps.db.select().from(farms).where(eq(farms.id, request.shopId));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  authorize(viewer, 'farm.subscribe', farm);
  const current = await findCurrentSubscription(deps.db, farm.farmerId);
  // A trial started without a card may be paid for here; a plan already paid for is changed instead.
  if (current?.providerSubscriptionId && current.status !== 'past_due') {
    throw new AppError('SUBSCRIPTION_EXISTS');
  }
  const customerId = await customerFor(deps, farm);
  const base = deps.publicUrl.replace(/\/+$/, '');
  const session = await deps.payments.createCheckoutSession({
    customerId,
    planId: plan.id,
    planName: plan.name,
    billingCycle: request.billingCycle,
    amountCents: cycleChargeCents(plan, request.billingCycle),
    trialDays: plan.trialDays,
    successUrl: `${base}${checkoutReturn.success}`,
    cancelUrl: `${base}${checkoutReturn.cancel}`,
    metadata: {
      farmerId: farm.farmerId,
      farmId: farm.id,
      planId: plan.id,
      billingCycle: request.billingCycle,
    },
  });
  return session.url;
}

/** A shop's subscription status, by the shop's customer id; the owner or an admin only. */
export async function shopSubscriptionStatus(
  deps: BillingDeps,
  viewer: Viewer,
  customerId: string,
) {
  const [farm] = await deps.db.select().from(farms).where(eq(farms.stripeCustomerId, customerId));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  authorize(viewer, 'farm.readPrivate', farm);
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerCustomerId, customerId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    status: row.status,
    planId: row.planId,
    planName: row.planName,
    billingCycle: row.billingCycle,
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    nextBillingDate: row.nextBillingDate?.toISOString() ?? null,
    // A cancel the provider has not confirmed yet ends the plan at the period's end all the same.
    cancelAtPeriodEnd: row.cancelAtPeriodEnd || row.providerCancelRequestedAt !== null,
  };
}
