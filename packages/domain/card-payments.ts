/**
 * Card payments at checkout (product rules: card payments): paid to the farm's own connected
 * account, and held for a while before an unpaid order lets its stock go.
 */

/** How long an unpaid card order holds its stock (and its pickup place) before it is released. */
export const CARD_PAYMENT_HOLD_MINUTES = 30;

export function paymentHoldEnds(placedAt: Date): Date {
  return new Date(placedAt.getTime() + CARD_PAYMENT_HOLD_MINUTES * 60_000);
}

/**
 * A farm's payouts connection: none yet; an account opened whose onboarding the provider has not
 * finished (it cannot take charges); or connected, taking card payments.
 */
export const payoutStates = ['not_connected', 'pending', 'connected'] as const;
export type PayoutState = (typeof payoutStates)[number];

export function payoutState(accountId: string | null, chargesEnabled: boolean): PayoutState {
  if (!accountId) return 'not_connected';
  return chargesEnabled ? 'connected' : 'pending';
}

/** Card is offered for a checkout only when every farm in it takes cards. */
export function cardPaymentOffered(farms: readonly { cardPayments: boolean }[]): boolean {
  return farms.length > 0 && farms.every((farm) => farm.cardPayments);
}
