import { plans } from '@furrow/domain/plans';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();

describe('GET /api/plans', () => {
  it('answers the plan catalogue exactly, in price order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const answer = res.json().plans;
    expect(answer.map((p: { id: string }) => p.id)).toEqual(['starter', 'basic', 'pro']);
    expect(
      answer.map((p: Record<string, unknown>) => [
        p.name,
        p.monthlyPrice,
        p.annualPrice,
        p.maxProducts,
        p.storageLimit,
        p.apiCallsLimit,
        p.trialDays,
        p.recommended,
        p.paymentMethods,
      ]),
    ).toEqual([
      ['Starter', 5.99, 45, 10, 200 * 2 ** 20, 5000, 14, false, ['card', 'bank_transfer']],
      [
        'Basic',
        9.99,
        90,
        25,
        500 * 2 ** 20,
        10000,
        14,
        true,
        ['card', 'bank_transfer', 'direct_debit'],
      ],
      [
        'Professional',
        14.99,
        145,
        100,
        2 * 2 ** 30,
        50000,
        14,
        false,
        ['card', 'bank_transfer', 'direct_debit'],
      ],
    ]);
    // Every field of a Plan, with the cents kept inside.
    expect(Object.keys(answer[0]).sort()).toEqual(
      Object.keys(plans[0] ?? {})
        .filter((key) => !key.endsWith('Cents'))
        .sort(),
    );
  });
});
