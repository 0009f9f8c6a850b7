import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, DAY_MS, formatLongDate, toDate, weekStarts } from './dates';

describe('formatLongDate: US long format', () => {
  it('formats a Date', () => {
    expect(formatLongDate(new Date('2026-11-21T00:00:00Z'))).toBe('November 21, 2026');
  });

  it('formats ISO strings, date-only and with an offset', () => {
    expect(formatLongDate('2026-11-21T00:00:00Z')).toBe('November 21, 2026');
    expect(formatLongDate('2026-11-21')).toBe('November 21, 2026');
    expect(formatLongDate('2027-02-28T23:30:00-05:00')).toBe('March 1, 2027');
  });

  it('uses the UTC day whatever the time of day', () => {
    expect(formatLongDate('2026-11-21T23:59:59.999Z')).toBe('November 21, 2026');
    expect(formatLongDate('2026-01-01T00:00:00Z')).toBe('January 1, 2026');
  });

  it('writes what Intl.DateTimeFormat writes in US long format, in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(formatLongDate(date)).toBe(intl.format(date));
        },
      ),
    );
  });

  it('refuses an unparsable date', () => {
    expect(() => formatLongDate('not a date')).toThrow(RangeError);
    expect(() => toDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('adds whole 24-hour days', () => {
    expect(addDays(new Date('2026-11-21T00:00:00Z'), 14)).toEqual(new Date('2026-12-05T00:00:00Z'));
    expect(addDays(new Date('2027-03-13T12:00:00Z'), 1)).toEqual(new Date('2027-03-14T12:00:00Z'));
    expect(DAY_MS).toBe(86_400_000);
  });
});

describe('addMonths', () => {
  it.each([
    ['2027-01-31T00:00:00Z', 1, '2027-02-28T00:00:00Z'],
    ['2028-01-31T00:00:00Z', 1, '2028-02-29T00:00:00Z'],
    ['2027-05-31T10:15:00Z', 1, '2027-06-30T10:15:00Z'],
    ['2026-11-21T00:00:00Z', 1, '2026-12-21T00:00:00Z'],
    ['2026-12-15T00:00:00Z', 1, '2027-01-15T00:00:00Z'],
    ['2026-11-21T00:00:00Z', 12, '2027-11-21T00:00:00Z'],
    ['2028-02-29T00:00:00Z', 12, '2029-02-28T00:00:00Z'],
    ['2027-03-31T00:00:00Z', -1, '2027-02-28T00:00:00Z'],
  ])('%s + %i months = %s', (from, months, to) => {
    expect(addMonths(new Date(from), months)).toEqual(new Date(to));
  });

  it('does not change its input', () => {
    const input = new Date('2027-01-31T00:00:00Z');
    addMonths(input, 1);
    expect(input).toEqual(new Date('2027-01-31T00:00:00Z'));
  });

  it('moves the month exactly, keeps the time and never moves the day later', () => {
    const dateArb = fc.date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2200-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -240, max: 240 }), (date, months) => {
        const result = addMonths(date, months);
        const monthIndex = (value: Date) => value.getUTCFullYear() * 12 + value.getUTCMonth();
        expect(monthIndex(result) - monthIndex(date)).toBe(months);
        expect(result.getUTCDate()).toBeLessThanOrEqual(date.getUTCDate());
        const timeOfDay = (value: Date) => ((value.getTime() % DAY_MS) + DAY_MS) % DAY_MS;
        expect(timeOfDay(result)).toBe(timeOfDay(date));
        if (date.getUTCDate() <= 28) expect(result.getUTCDate()).toBe(date.getUTCDate());
      }),
    );
  });
});

describe('weekStarts', () => {
  it('answers the Mondays of the last weeks, oldest first, this week included', () => {
    // A Sunday: its week began on the Monday before.
    expect(weekStarts(new Date('2026-11-22T23:59:00Z'), 3)).toEqual([
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
    ]);
    expect(weekStarts(new Date('2026-11-23T00:00:00Z'), 1)).toEqual(['2026-11-23']);
  });
});
