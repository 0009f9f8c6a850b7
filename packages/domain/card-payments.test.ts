import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_PAYMENT_HOLD_MINUTES,
  cardPaymentOffered,
  paymentHoldEnds,
  payoutState,
} from './card-payments';

describe('card payments at checkout', () => {
  it('holds an unpaid card order for 30 minutes', () => {
    expect(CARD_PAYMENT_HOLD_MINUTES).toBe(30);
    expect(paymentHoldEnds(new Date('2026-11-23T23:45:00Z'))).toEqual(
      new Date('2026-11-24T00:15:00Z'),
    );
  });

  it('reads a farm’s payouts: none, onboarding, or taking charges', () => {
    expect(payoutState(null, false)).toBe('not_connected');
    // A flag without an account (never written so, but read safely) connects nothing.
    expect(payoutState(null, true)).toBe('not_connected');
    expect(payoutState('acct_1', false)).toBe('pending');
    expect(payoutState('acct_1', true)).toBe('connected');
  });

  it('offers card exactly when there are farms and every one takes cards', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 6 }), (flags) => {
        const offered = cardPaymentOffered(flags.map((cardPayments) => ({ cardPayments })));
        expect(offered).toBe(flags.length > 0 && !flags.includes(false));
      }),
    );
  });
});
