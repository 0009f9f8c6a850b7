/**
 * The plan catalogue (product rules: plans and limits), exactly. Prices are kept both as the
 * published dollar figures (what the pricing page and the API show) and as integer cents (what
 * billing computes with), so no caller ever has to turn a float into cents on its own.
 */
import { formatCount } from './numbers';

export const planIds = ['starter', 'basic', 'pro'] as const;
export type PlanId = (typeof planIds)[number];

export const billingCycles = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof billingCycles)[number];

/** A monthly cycle lasts 1 month, an annual cycle 12 months. */
export const billingCycleMonths = { monthly: 1, annual: 12 } as const satisfies Record<
  BillingCycle,
  number
>;

export const paymentMethodTypes = ['card', 'bank_transfer', 'direct_debit'] as const;
export type PaymentMethodType = (typeof paymentMethodTypes)[number];

/** Every plan has the same trial. */
export const TRIAL_DAYS = 14;

// "MB" and "GB" of the catalogue are binary units (MiB, GiB), the way operating systems and upload
// widgets count file sizes, so a farmer's "200 MB" of photos is 200 * 1024 * 1024 bytes.
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  readonly description: string;
  /** US dollars, as the catalogue and the API state them. */
  readonly monthlyPrice: number;
  readonly annualPrice: number;
  readonly monthlyPriceCents: number;
  readonly annualPriceCents: number;
  /** Months each billing cycle lasts. */
  readonly duration: typeof billingCycleMonths;
  /** Counted across all of a farmer's farms. */
  readonly maxProducts: number;
  /** Bytes of uploaded images. */
  readonly storageLimit: number;
  /** API calls per calendar month. */
  readonly apiCallsLimit: number;
  readonly trialDays: number;
  readonly recommended: boolean;
  readonly features: readonly string[];
  readonly marketingFeatures: readonly string[];
  readonly analyticsFeatures: readonly string[];
  readonly supportFeatures: readonly string[];
  /** The few lines the pricing card shows first. */
  readonly popularFeatures: readonly string[];
  readonly enterpriseFeatures: readonly string[];
  readonly paymentMethods: readonly PaymentMethodType[];
}

/** "200 MB", "2 GB": the label a farmer reads, in the same binary units as the limit. */
export function formatStorage(bytes: number): string {
  return bytes >= GiB && bytes % GiB === 0
    ? `${bytes / GiB} GB`
    : `${Math.round((bytes / MiB) * 10) / 10} MB`;
}

function limitFeatures(maxProducts: number, storageLimit: number, apiCallsLimit: number): string[] {
  return [
    `Up to ${maxProducts} products across your farms`,
    `${formatStorage(storageLimit)} of photo storage`,
    `${formatCount(apiCallsLimit)} API calls a month`,
  ];
}

const starter: Plan = {
  id: 'starter',
  name: 'Starter',
  description:
    'For a farm stand taking its first orders online: a shop page, a small catalogue and pickup orders.',
  monthlyPrice: 5.99,
  annualPrice: 45,
  monthlyPriceCents: 599,
  annualPriceCents: 4500,
  duration: billingCycleMonths,
  maxProducts: 10,
  storageLimit: 200 * MiB,
  apiCallsLimit: 5000,
  trialDays: TRIAL_DAYS,
  recommended: false,
  features: [
    ...limitFeatures(10, 200 * MiB, 5000),
    'A shop page with your farm story, logo and photos',
    'Pickup and delivery orders',
    'Stock tracking that stops overselling',
    'E-mail notice of every new order',
  ],
  marketingFeatures: ['Listed in local search for shoppers near you'],
  analyticsFeatures: ['Monthly sales summary'],
  supportFeatures: ['E-mail support, answered within 2 business days', 'Help centre guides'],
  popularFeatures: ['Up to 10 products', 'Pickup and delivery orders', '14-day free trial'],
  enterpriseFeatures: [],
  paymentMethods: ['card', 'bank_transfer'],
};

const basic: Plan = {
  id: 'basic',
  name: 'Basic',
  description:
    'For a growing farm selling every week: a fuller catalogue, pre-orders, events and the tools to bring customers back.',
  monthlyPrice: 9.99,
  annualPrice: 90,
  monthlyPriceCents: 999,
  annualPriceCents: 9000,
  duration: billingCycleMonths,
  maxProducts: 25,
  storageLimit: 500 * MiB,
  apiCallsLimit: 10000,
  trialDays: TRIAL_DAYS,
  recommended: true,
  features: [
    ...limitFeatures(25, 500 * MiB, 10000),
    'Everything in Starter',
    'Pre-orders for crops not yet harvested',
    'Farm events such as market days and farm tours',
  ],
  marketingFeatures: [
    'Listed in local search for shoppers near you',
    'Seasonal promotion e-mails to your customers',
    'Discount codes',
  ],
  analyticsFeatures: ['Product views and conversion rates', 'Weekly sales report'],
  supportFeatures: ['E-mail support, answered within 1 business day', 'Help centre guides'],
  popularFeatures: ['Up to 25 products', 'Pre-orders and farm events', 'Promotion e-mails'],
  enterpriseFeatures: [],
  paymentMethods: ['card', 'bank_transfer', 'direct_debit'],
};

const pro: Plan = {
  id: 'pro',
  name: 'Professional',
  description:
    'For established farms and co-ops with a large catalogue, several sales channels and their own systems to connect.',
  monthlyPrice: 14.99,
  annualPrice: 145,
  monthlyPriceCents: 1499,
  annualPriceCents: 14500,
  duration: billingCycleMonths,
  maxProducts: 100,
  storageLimit: 2 * GiB,
  apiCallsLimit: 50000,
  trialDays: TRIAL_DAYS,
  recommended: false,
  features: [
    ...limitFeatures(100, 2 * GiB, 50000),
    'Everything in Basic',
    'Room for a co-op or a multi-farm catalogue',
  ],
  marketingFeatures: [
    'Listed in local search for shoppers near you',
    'Seasonal promotion e-mails to your customers',
    'Discount codes',
    'Marketing insights on which products bring shoppers back',
  ],
  analyticsFeatures: [
    'Product views and conversion rates',
    'Revenue dashboard by product and farm',
    'Sales export to CSV',
  ],
  supportFeatures: ['Priority e-mail and phone support', 'A personal onboarding call'],
  popularFeatures: ['Up to 100 products', '2 GB of photo storage', 'Priority support'],
  enterpriseFeatures: [
    'API access to connect your own stock and accounting systems',
    'Custom domain for your shop',
  ],
  paymentMethods: ['card', 'bank_transfer', 'direct_debit'],
};

const planById = { starter, basic, pro } as const satisfies Record<PlanId, Plan>;

/** In the order the pricing page shows them, cheapest first. */
export const plans: readonly Plan[] = planIds.map((id) => planById[id]);

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value);
}

/** For ids from outside (requests, stored rows); an unknown id is 'Invalid plan selected'. */
export function findPlan(id: string): Plan | undefined {
  return isPlanId(id) ? planById[id] : undefined;
}

export function getPlan(id: PlanId): Plan {
  return planById[id];
}

/** The dearer plans a farmer can move up to, cheapest first (the subscription's `upgradePath`). */
export function upgradePathFor(id: PlanId): PlanId[] {
  const current = planById[id];
  return plans
    .filter((plan) => plan.monthlyPriceCents > current.monthlyPriceCents)
    .map((p) => p.id);
}

/** What paying yearly saves against twelve monthly payments. */
export function annualSavingsCents(plan: Plan): number {
  return plan.monthlyPriceCents * 12 - plan.annualPriceCents;
}

/** Whether a farmer holding `productCount` products may add `adding` more. */
export function canAddProducts(plan: Plan, productCount: number, adding = 1): boolean {
  return productCount + adding <= plan.maxProducts;
}

/** Whether an upload of `addingBytes` fits beside the `usedBytes` already stored. */
export function canStoreBytes(plan: Plan, usedBytes: number, addingBytes: number): boolean {
  return usedBytes + addingBytes <= plan.storageLimit;
}

/** The next plan up, for "upgrade to ..." in a limit message; undefined on the top plan. */
export function nextPlanUp(id: PlanId): Plan | undefined {
  const [next] = upgradePathFor(id);
  return next === undefined ? undefined : planById[next];
}

function wayUp(plan: Plan): string {
  const next = nextPlanUp(plan.id);
  return next === undefined
    ? 'Remove a product you no longer sell to make room.'
    : `Upgrade to ${next.name} to add more.`;
}

/** Said when product number maxProducts + 1 is refused: names the plan and the way up. */
export function productLimitMessage(plan: Plan): string {
  return `Your ${plan.name} plan allows up to ${plan.maxProducts} products. ${wayUp(plan)}`;
}

/** Said when an upload would pass the plan's storage. */
export function storageLimitMessage(plan: Plan): string {
  const next = nextPlanUp(plan.id);
  const way =
    next === undefined
      ? 'Remove photos you no longer use to make room.'
      : `Upgrade to ${next.name} for ${formatStorage(next.storageLimit)}.`;
  return `Your ${plan.name} plan includes ${formatStorage(plan.storageLimit)} of photo storage. ${way}`;
}

/** Said when a farmer picks a way of paying their plan does not take. */
export function paymentMethodMessage(plan: Plan): string {
  return `The ${plan.name} plan accepts ${plan.paymentMethods.join(', ').replaceAll('_', ' ')}`;
}
