import { type PayoutState, payoutState } from '@furrow/domain/card-payments';
import { AppError } from '@furrow/domain/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { authorize, type Viewer } from '../../policy/policy';
import { farms } from '../farms/farms.schema';
import type { ConnectedAccount, PaymentProvider, PayoutAccountPayload } from '../payments';
import { users } from '../users/users.schema';

export interface PayoutsDeps {
  db: Db;
  payments: PaymentProvider;
  /** Where the provider sends the farmer back after onboarding. */
  publicUrl: string;
}

/**
 * The dashboard on the same farm, where the farmer sees the outcome; `payouts` tells the page why
 * they are back.
 */
export function onboardingReturn(farmId: string, outcome: 'done' | 'again'): string {
  return `/farmers/dashboard?farm=${encodeURIComponent(farmId)}&payouts=${outcome}`;
}

async function managedFarm(deps: PayoutsDeps, viewer: Viewer, farmId: string) {
  const [farm] = await deps.db.select().from(farms).where(eq(farms.id, farmId));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  authorize(viewer, 'farm.payouts', farm);
  return farm;
}

/**
 * The farm's payouts state. An account still onboarding is read again from the provider, so that
 * a farmer coming back from it sees the outcome even before the provider's event arrives.
 */
export async function readPayouts(
  deps: PayoutsDeps,
  viewer: Viewer,
  farmId: string,
): Promise<PayoutState> {
  const farm = await managedFarm(deps, viewer, farmId);
  if (!farm.payoutAccountId || farm.chargesEnabled) {
    return payoutState(farm.payoutAccountId, farm.chargesEnabled);
  }
  const account = await deps.payments.retrieveConnectedAccount(farm.payoutAccountId);
  await syncPayoutAccount(deps.db, account);
  return payoutState(account.id, account.chargesEnabled);
}

/**
 * Where the farmer connects payouts: an Express account, opened the first time and kept on the
 * farm, and a fresh single-use onboarding link to it each time (links expire within minutes).
 */
export async function startOnboarding(
  deps: PayoutsDeps,
  viewer: Viewer,
  farmId: string,
): Promise<string> {
  const farm = await managedFarm(deps, viewer, farmId);
  let accountId = farm.payoutAccountId;
  if (!accountId) {
    const [owner] = await deps.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, farm.farmerId));
    const opened = await deps.payments.createConnectedAccount({
      email: farm.contactEmail || owner?.email || '',
      farmName: farm.name,
      metadata: { farmId: farm.id, farmerId: farm.farmerId },
    });
    // Two tabs at once: the first account stored wins, and both onboard it.
    const [stored] = await deps.db
      .update(farms)
      .set({ payoutAccountId: opened })
      .where(and(eq(farms.id, farm.id), isNull(farms.payoutAccountId)))
      .returning({ id: farms.payoutAccountId });
    const [winner] = stored
      ? [stored]
      : await deps.db
          .select({ id: farms.payoutAccountId })
          .from(farms)
          .where(eq(farms.id, farm.id));
    accountId = winner?.id ?? opened;
  }
  const base = deps.publicUrl.replace(/\/+$/, '');
  return deps.payments.createOnboardingLink({
    accountId,
    returnUrl: `${base}${onboardingReturn(farm.id, 'done')}`,
    refreshUrl: `${base}${onboardingReturn(farm.id, 'again')}`,
  });
}

/** `payout-account.updated`: the provider's word on whether the account may take charges. */
export async function onPayoutAccountUpdated(tx: Tx, account: PayoutAccountPayload): Promise<void> {
  await syncPayoutAccount(tx, { id: account.accountId, chargesEnabled: account.chargesEnabled });
}

/** Keeps the provider's word on whether the account may take charges. */
export async function syncPayoutAccount(tx: Tx | Db, account: ConnectedAccount): Promise<void> {
  await tx
    .update(farms)
    .set({ chargesEnabled: account.chargesEnabled })
    .where(eq(farms.payoutAccountId, account.id));
}
