import { describe, expect, it } from 'vitest';
import { canCancel, nextStep } from './next-step';

describe("a farmer's next step", () => {
  it('follows the transition table forward, one step at a time', () => {
    expect(nextStep('placed')).toEqual({ status: 'confirmed', label: 'Confirm' });
    expect(nextStep('confirmed')).toEqual({ status: 'ready', label: 'Mark ready' });
    expect(nextStep('ready')).toEqual({ status: 'completed', label: 'Complete' });
    expect(nextStep('completed')).toBeNull();
    expect(nextStep('cancelled')).toBeNull();
  });

  it('offers cancelling only before the order is packed', () => {
    expect(canCancel('placed')).toBe(true);
    expect(canCancel('confirmed')).toBe(true);
    expect(canCancel('ready')).toBe(false);
    expect(canCancel('completed')).toBe(false);
  });

  it("offers nothing on an order still awaiting its card payment, which is the customer's", () => {
    expect(nextStep('awaiting_payment')).toBeNull();
    expect(canCancel('awaiting_payment')).toBe(false);
  });
});
