import { describe, expect, it } from 'vitest';
import {
  annualSavingsCents,
  billingCycleMonths,
  billingCycles,
  canAddProducts,
  canStoreBytes,
  findPlan,
  formatStorage,
  getPlan,
  isPlanId,
  type PlanId,
  paymentMethodTypes,
  planIds,
  plans,
  TRIAL_DAYS,
  upgradePathFor,
} from './plans';

// The catalogue of the product rules (plans and limits), cell by cell. Written out literally so
// that any drift in plans.ts fails here.
const publishedTable = [
  {
    id: 'starter',
    name: 'Starter',
    monthlyPrice: 5.99,
    monthlyPriceCents: 599,
    annualPrice: 45,
    annualPriceCents: 4500,
    maxProducts: 10,
    storageLimit: 209_715_200, // 200 MiB
    apiCallsLimit: 5_000,
    trialDays: 14,
    recommended: false,
    paymentMethods: ['card', 'bank_transfer'],
  },
  {
    id: 'basic',
    name: 'Basic',
    monthlyPrice: 9.99,
    monthlyPriceCents: 999,
    annualPrice: 90,
    annualPriceCents: 9000,
    maxProducts: 25,
    storageLimit: 524_288_000, // 500 MiB
    apiCallsLimit: 10_000,
    trialDays: 14,
    recommended: true,
    paymentMethods: ['card', 'bank_transfer', 'direct_debit'],
  },
  {
    id: 'pro',
    name: 'Professional',
    monthlyPrice: 14.99,
    monthlyPriceCents: 1499,
    annualPrice: 145,
    annualPriceCents: 14500,
    maxProducts: 100,
    storageLimit: 2_147_483_648, // 2 GiB
    apiCallsLimit: 50_000,
    trialDays: 14,
    recommended: false,
    paymentMethods: ['card', 'bank_transfer', 'direct_debit'],
  },
] as const;

describe('plan catalogue (product rules: plans and limits)', () => {
  it('has exactly the three plans, in price order', () => {
    expect(planIds).toEqual(['starter', 'basic', 'pro']);
    expect(plans.map((plan) => plan.id)).toEqual(['starter', 'basic', 'pro']);
  });

  it.each(publishedTable)('$id matches every cell of the published table', (row) => {
    const plan = getPlan(row.id);
    expect(plan.id).toBe(row.id);
    expect(plan.name).toBe(row.name);
    expect(plan.monthlyPrice).toBe(row.monthlyPrice);
    expect(plan.monthlyPriceCents).toBe(row.monthlyPriceCents);
    expect(plan.annualPrice).toBe(row.annualPrice);
    expect(plan.annualPriceCents).toBe(row.annualPriceCents);
    expect(plan.maxProducts).toBe(row.maxProducts);
    expect(plan.storageLimit).toBe(row.storageLimit);
    expect(plan.apiCallsLimit).toBe(row.apiCallsLimit);
    expect(plan.trialDays).toBe(row.trialDays);
    expect(plan.recommended).toBe(row.recommended);
    expect(plan.paymentMethods).toEqual(row.paymentMethods);
  });

  it('keeps dollars and cents in agreement', () => {
    for (const plan of plans) {
      expect(Math.round(plan.monthlyPrice * 100)).toBe(plan.monthlyPriceCents);
      expect(Math.round(plan.annualPrice * 100)).toBe(plan.annualPriceCents);
      expect(Number.isSafeInteger(plan.monthlyPriceCents)).toBe(true);
      expect(Number.isSafeInteger(plan.annualPriceCents)).toBe(true);
    }
  });

  it('counts storage in binary megabytes and gigabytes', () => {
    expect(getPlan('starter').storageLimit).toBe(200 * 1024 * 1024);
    expect(getPlan('basic').storageLimit).toBe(500 * 1024 * 1024);
    expect(getPlan('pro').storageLimit).toBe(2 * 1024 * 1024 * 1024);
    expect(plans.map((plan) => formatStorage(plan.storageLimit))).toEqual([
      '200 MB',
      '500 MB',
      '2 GB',
    ]);
  });

  it('recommends only basic', () => {
    expect(plans.filter((plan) => plan.recommended).map((plan) => plan.id)).toEqual(['basic']);
  });

  it('gives every plan a 14-day trial', () => {
    expect(TRIAL_DAYS).toBe(14);
    for (const plan of plans) expect(plan.trialDays).toBe(14);
  });

  it('lasts 1 month for a monthly cycle and 12 for an annual one', () => {
    expect(billingCycles).toEqual(['monthly', 'annual']);
    expect(billingCycleMonths).toEqual({ monthly: 1, annual: 12 });
    for (const plan of plans) expect(plan.duration).toEqual({ monthly: 1, annual: 12 });
  });

  it('offers only known payment methods', () => {
    expect(paymentMethodTypes).toEqual(['card', 'bank_transfer', 'direct_debit']);
    for (const plan of plans) {
      for (const method of plan.paymentMethods) expect(paymentMethodTypes).toContain(method);
    }
  });

  it('fills every descriptive field of a Plan', () => {
    for (const plan of plans) {
      expect(plan.description.length).toBeGreaterThan(20);
      expect(plan.features.length).toBeGreaterThan(0);
      expect(plan.marketingFeatures.length).toBeGreaterThan(0);
      expect(plan.analyticsFeatures.length).toBeGreaterThan(0);
      expect(plan.supportFeatures.length).toBeGreaterThan(0);
      expect(plan.popularFeatures.length).toBeGreaterThan(0);
      expect(Array.isArray(plan.enterpriseFeatures)).toBe(true);
    }
    expect(getPlan('pro').enterpriseFeatures.length).toBeGreaterThan(0);
  });

  it('states the real limits in its feature text', () => {
    expect(getPlan('starter').features.slice(0, 3)).toEqual([
      'Up to 10 products across your farms',
      '200 MB of photo storage',
      '5,000 API calls a month',
    ]);
    expect(getPlan('basic').features.slice(0, 3)).toEqual([
      'Up to 25 products across your farms',
      '500 MB of photo storage',
      '10,000 API calls a month',
    ]);
    expect(getPlan('pro').features.slice(0, 3)).toEqual([
      'Up to 100 products across your farms',
      '2 GB of photo storage',
      '50,000 API calls a month',
    ]);
    expect(getPlan('starter').popularFeatures).toContain('Up to 10 products');
    expect(getPlan('starter').popularFeatures).toContain('14-day free trial');
    expect(getPlan('basic').popularFeatures).toContain('Up to 25 products');
    expect(getPlan('pro').popularFeatures).toContain('Up to 100 products');
    expect(getPlan('pro').popularFeatures).toContain('2 GB of photo storage');
  });
});

describe('findPlan and isPlanId', () => {
  it('finds each plan by id', () => {
    for (const id of planIds) expect(findPlan(id)?.id).toBe(id);
  });

  it.each(['', 'Starter', 'PRO', 'enterprise', 'professional', 'toString', '__proto__'])(
    'rejects %j',
    (id) => {
      expect(findPlan(id)).toBeUndefined();
      expect(isPlanId(id)).toBe(false);
    },
  );

  it('rejects values that are not strings', () => {
    for (const value of [null, undefined, 1, {}, ['basic']]) expect(isPlanId(value)).toBe(false);
  });
});

describe('plan helpers', () => {
  it('lists the dearer plans as the upgrade path', () => {
    const paths: Record<PlanId, PlanId[]> = {
      starter: upgradePathFor('starter'),
      basic: upgradePathFor('basic'),
      pro: upgradePathFor('pro'),
    };
    expect(paths).toEqual({ starter: ['basic', 'pro'], basic: ['pro'], pro: [] });
  });

  it('computes the annual saving against twelve monthly payments', () => {
    expect(plans.map(annualSavingsCents)).toEqual([2688, 2988, 3488]);
  });

  it('caps products at maxProducts', () => {
    const starter = getPlan('starter');
    expect(canAddProducts(starter, 9)).toBe(true);
    expect(canAddProducts(starter, 10)).toBe(false);
    expect(canAddProducts(starter, 8, 2)).toBe(true);
    expect(canAddProducts(starter, 8, 3)).toBe(false);
    expect(canAddProducts(getPlan('pro'), 99)).toBe(true);
    expect(canAddProducts(getPlan('pro'), 100)).toBe(false);
  });

  it('caps storage at storageLimit', () => {
    const basic = getPlan('basic');
    expect(canStoreBytes(basic, 500 * 1024 * 1024 - 10, 10)).toBe(true);
    expect(canStoreBytes(basic, 500 * 1024 * 1024 - 10, 11)).toBe(false);
  });

  it('labels storage sizes', () => {
    expect(formatStorage(1024 * 1024 * 1024)).toBe('1 GB');
    expect(formatStorage(1536 * 1024 * 1024)).toBe('1536 MB');
    expect(formatStorage(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
