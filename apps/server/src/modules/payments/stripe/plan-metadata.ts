import type { PlanChangeRequest, ProviderSubscription } from '../payment-provider';

/**
 * Furrow keeps on each provider subscription whose plan it is (`farmerId`, `farmId`) and which plan
 * it bills (`planId`, `billingCycle`, and a downgrade to come: `nextPlanId`, `nextBillingCycle`,
 * `nextPlanFrom`), so that its webhooks read the plan back. Stripe and the sandbox share this.
 */

/** The metadata a plan change leaves on the provider's subscription ('' unsets a key, as Stripe does). */
export function planChangeMetadata(
  request: PlanChangeRequest,
  current: Record<string, string>,
  periodEnd: number | null,
): Record<string, string> {
  if (request.when === 'now') {
    return {
      planId: request.planId,
      billingCycle: request.billingCycle,
      nextPlanId: '',
      nextBillingCycle: '',
      nextPlanFrom: '',
    };
  }
  return {
    planId: current.planId ?? '',
    billingCycle: current.billingCycle ?? '',
    nextPlanId: request.planId,
    nextBillingCycle: request.billingCycle,
    nextPlanFrom: periodEnd === null ? '' : String(periodEnd),
  };
}

/**
 * The plan a provider subscription bills now, from the metadata Furrow keeps on it: the next plan
 * once the period it was scheduled after has ended, the current one before, and which one follows.
 */
function planFromMetadata(
  metadata: Record<string, string>,
  currentPeriodEnd: Date | null,
): {
  planId: string | undefined;
  billingCycle: string | undefined;
  next: { planId: string; billingCycle: string } | null;
} {
  const next =
    metadata.nextPlanId && metadata.nextBillingCycle
      ? { planId: metadata.nextPlanId, billingCycle: metadata.nextBillingCycle }
      : null;
  const from = Number(metadata.nextPlanFrom);
  const begun =
    next !== null &&
    Number.isFinite(from) &&
    currentPeriodEnd !== null &&
    currentPeriodEnd.getTime() > from * 1000;
  if (begun) return { ...next, next: null };
  return { planId: metadata.planId, billingCycle: metadata.billingCycle, next };
}

/** The farmer and the plan a subscription's metadata names, as `ProviderSubscription` holds them. */
export function planFields(
  metadata: Record<string, string>,
  currentPeriodEnd: Date | null,
): Pick<ProviderSubscription, 'farmerId' | 'farmId' | 'planId' | 'billingCycle' | 'next'> {
  const billed = planFromMetadata(metadata, currentPeriodEnd);
  return {
    farmerId: metadata.farmerId || null,
    farmId: metadata.farmId || null,
    planId: billed.planId ?? null,
    billingCycle: billed.billingCycle ?? null,
    next: billed.next,
  };
}
