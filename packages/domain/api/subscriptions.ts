import { z } from 'zod';
import { billingCycles, paymentMethodTypes, planIds } from '../plans';
import { subscriptionStatuses } from '../subscriptions';
import { isoDate } from './common';

/**
 * A plan with every field of the catalogue; prices in dollars, limits in their units (bytes,
 * calls).
 */
export const planAnswer = z.object({
  id: z.enum(planIds),
  name: z.string(),
  description: z.string(),
  monthlyPrice: z.number(),
  annualPrice: z.number(),
  duration: z.object({ monthly: z.number(), annual: z.number() }),
  maxProducts: z.number().int(),
  storageLimit: z.number().int(),
  apiCallsLimit: z.number().int(),
  trialDays: z.number().int(),
  recommended: z.boolean(),
  features: z.array(z.string()).readonly(),
  marketingFeatures: z.array(z.string()).readonly(),
  analyticsFeatures: z.array(z.string()).readonly(),
  supportFeatures: z.array(z.string()).readonly(),
  popularFeatures: z.array(z.string()).readonly(),
  enterpriseFeatures: z.array(z.string()).readonly(),
  paymentMethods: z.array(z.enum(paymentMethodTypes)).readonly(),
});

export const plansAnswer = z.object({ plans: z.array(planAnswer).readonly() });

// Any string here: an unknown id must reach the rule that answers 'Invalid plan selected'.
const planId = z.string().trim().min(1, 'choose a plan').max(40);
const billingCycle = z.enum(billingCycles, 'must be monthly or annual');

export const createSubscriptionBody = z.object({
  planId,
  billingCycle,
  paymentMethod: z.enum(paymentMethodTypes).optional(),
  discountCode: z.string().trim().max(40).optional(),
});

export const cancelSubscriptionBody = z.object({
  reason: z.string().trim().min(1, 'tell us why you are leaving').max(1000),
});

export const changePlanBody = z.object({ planId, billingCycle });

export const marketingPreferences = z.object({
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  promotionalEmails: z.boolean(),
  marketingInsights: z.boolean(),
});

export const marketingPreferencesBody = marketingPreferences.partial();

const usageStats = z.object({
  totalProducts: z.number().int(),
  storageUsed: z.number().int(),
  apiCalls: z.number().int(),
  lastUpdated: z.string(),
  marketingEmails: z.number().int(),
  customDomainUsage: z.number(),
  analyticsUsage: z.object({ views: z.number(), conversions: z.number(), revenue: z.number() }),
});

/**
 * A subscription, every field; `price` is per month in dollars (product rules: trial and billing).
 */
export const subscriptionAnswer = z.object({
  id: z.uuid(),
  farmerId: z.uuid(),
  planId: z.enum(planIds),
  planName: z.string(),
  status: z.enum(subscriptionStatuses),
  startDate: isoDate,
  endDate: isoDate,
  trialEndsAt: isoDate.nullable(),
  nextBillingDate: isoDate.nullable(),
  price: z.number(),
  billingCycle,
  features: z.array(z.string()),
  autoRenew: z.boolean(),
  paymentMethod: z.enum(paymentMethodTypes).nullable(),
  discountCode: z.string().nullable(),
  cancelReason: z.string().nullable(),
  upgradePath: z.array(z.enum(planIds)),
  usageStats,
  marketingPreferences,
  /** A move to a cheaper plan, waiting for the end of the period paid for. */
  scheduledChange: z
    .object({ planId: z.enum(planIds), billingCycle, from: isoDate.nullable() })
    .nullable(),
});
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswer>;

export const subscriptionMessageAnswer = z.object({
  message: z.string(),
  subscription: subscriptionAnswer,
});

export const currentSubscriptionAnswer = z.object({
  subscription: subscriptionAnswer.nullable(),
  /**
   * The farmer's products their plan's limit keeps out of the shop, oldest first (product rules:
   * plans and limits).
   */
  hiddenByPlan: z.array(
    z.object({ id: z.uuid(), name: z.string(), farmId: z.uuid(), farmName: z.string() }),
  ),
});

/** A farmer's subscriptions, newest first: the current one, and those cancelled or past due before it. */
export const subscriptionListAnswer = z.object({ subscriptions: z.array(subscriptionAnswer) });

export const billingRecordStatuses = ['paid', 'failed'] as const;

export const billingRecordAnswer = z.object({
  id: z.uuid(),
  date: isoDate,
  amount: z.number(),
  description: z.string(),
  status: z.enum(billingRecordStatuses),
  invoiceUrl: z.string().nullable(),
});

export const billingHistoryAnswer = z.object({
  records: z.array(billingRecordAnswer),
  /** Paid months times the stored monthly price, trials excluded. */
  totalSpent: z.number(),
});

const last4 = z.string().regex(/^\d{4}$/, 'must be the last 4 digits');

export const addPaymentMethodBody = z.object({
  type: z.enum(paymentMethodTypes),
  brand: z.string().trim().max(40).optional(),
  last4,
  holderName: z.string().trim().max(200).optional(),
});

/** A payment method record: id, setupDate, lastUsed and the fields supplied. */
export const paymentMethodAnswer = z.object({
  id: z.uuid(),
  type: z.enum(paymentMethodTypes),
  brand: z.string().nullable(),
  last4: z.string(),
  holderName: z.string().nullable(),
  setupDate: isoDate,
  lastUsed: isoDate.nullable(),
});

export const paymentMethodsAnswer = z.object({ paymentMethods: z.array(paymentMethodAnswer) });
export const paymentMethodMessageAnswer = z.object({
  message: z.string(),
  paymentMethod: paymentMethodAnswer,
});

export const subscribeBody = z.object({ shopId: z.uuid(), planId, billingCycle });
/** The payment redirect address. */
export const subscribeAnswer = z.object({ message: z.string(), url: z.url() });

export const subStatusQuery = z.object({ stripeCustomerId: z.string().trim().min(1).max(255) });

/** A shop's subscription status, read by `stripeCustomerId`; null when the shop has no plan. */
export const subStatusAnswer = z.object({
  subscriptionStatus: z
    .object({
      status: z.enum(subscriptionStatuses),
      planId: z.enum(planIds),
      planName: z.string(),
      billingCycle,
      trialEndsAt: isoDate.nullable(),
      nextBillingDate: isoDate.nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
});
