import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyticsTotals, type DailyStats, dailySeries, dayOf, lastDays } from './analytics';

const row = (day: string, values: Partial<DailyStats> = {}): DailyStats => ({
  day,
  farmViews: 0,
  productViews: 0,
  orders: 0,
  revenueCents: 0,
  ...values,
});

describe('lastDays', () => {
  it('ends with today (UTC) and counts back, oldest first', () => {
    expect(lastDays(new Date('2026-03-02T23:59:00Z'), 4)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('crosses a leap day', () => {
    expect(lastDays(new Date('2028-03-01T00:00:00Z'), 3)).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
  });

  it('gives 30 consecutive distinct days by default, for any instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (now) => {
          const days = lastDays(now);
          expect(days).toHaveLength(30);
          expect(days.at(-1)).toBe(dayOf(now));
          for (let i = 1; i < days.length; i++) {
            const gap = Date.parse(`${days[i]}T00:00:00Z`) - Date.parse(`${days[i - 1]}T00:00:00Z`);
            expect(gap).toBe(86_400_000);
          }
        },
      ),
    );
  });
});

describe('dailySeries', () => {
  const days = ['2026-05-01', '2026-05-02', '2026-05-03'];

  it('fills missing days with zeros, adds up farms of one day and drops days outside the window', () => {
    const series = dailySeries(days, [
      row('2026-05-03', { farmViews: 2, orders: 1, revenueCents: 1250 }),
      row('2026-05-03', { productViews: 5, orders: 2, revenueCents: 800 }),
      row('2026-04-30', { farmViews: 99 }),
    ]);
    expect(series).toEqual([
      row('2026-05-01'),
      row('2026-05-02'),
      row('2026-05-03', { farmViews: 2, productViews: 5, orders: 3, revenueCents: 2050 }),
    ]);
  });

  it('keeps every count of the rows inside the window', () => {
    const count = fc.nat({ max: 10_000 });
    const rows = fc.array(
      fc.record({
        day: fc.constantFrom(...days),
        farmViews: count,
        productViews: count,
        orders: count,
        revenueCents: count,
      }),
    );
    fc.assert(
      fc.property(rows, (input) => {
        const totals = analyticsTotals(dailySeries(days, input));
        expect(totals.views).toBe(input.reduce((s, r) => s + r.farmViews + r.productViews, 0));
        expect(totals.conversions).toBe(input.reduce((s, r) => s + r.orders, 0));
        expect(totals.revenueCents).toBe(input.reduce((s, r) => s + r.revenueCents, 0));
      }),
    );
  });
});
