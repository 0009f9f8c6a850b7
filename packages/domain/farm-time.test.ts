import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  farmTimeToInstant,
  instantToFarmTime,
  isLocalDate,
  isLocalTime,
  isTimeZone,
  minutesOfDay,
  weekdayOf,
} from './farm-time';

describe('farm time', () => {
  it('turns a farm wall-clock time into the instant, in winter and in summer', () => {
    expect(farmTimeToInstant('2027-01-16', '09:00', 'America/New_York').toISOString()).toBe(
      '2027-01-16T14:00:00.000Z',
    );
    expect(farmTimeToInstant('2027-07-17', '09:00', 'America/New_York').toISOString()).toBe(
      '2027-07-17T13:00:00.000Z',
    );
    expect(farmTimeToInstant('2027-07-17', '09:00', 'Pacific/Honolulu').toISOString()).toBe(
      '2027-07-17T19:00:00.000Z',
    );
    expect(farmTimeToInstant('2027-07-17', '09:00', 'UTC').toISOString()).toBe(
      '2027-07-17T09:00:00.000Z',
    );
  });

  it('moves a time skipped by spring-forward later by the gap', () => {
    // 2027-03-14: New York clocks jump from 02:00 to 03:00.
    const instant = farmTimeToInstant('2027-03-14', '02:30', 'America/New_York');
    expect(instant.toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(instantToFarmTime(instant, 'America/New_York').time).toBe('03:30');
  });

  it('takes the first of a repeated hour at fall-back', () => {
    // 2027-11-07: New York clocks go from 02:00 back to 01:00, so 01:30 happens twice.
    expect(farmTimeToInstant('2027-11-07', '01:30', 'America/New_York').toISOString()).toBe(
      '2027-11-07T05:30:00.000Z',
    );
  });

  it('reads an instant on the farm clock, across the date line', () => {
    expect(instantToFarmTime(new Date('2027-01-16T03:15:00Z'), 'America/Chicago')).toEqual({
      date: '2027-01-15',
      time: '21:15',
      weekday: 'friday',
    });
  });

  it('round-trips every instant whose local time exists once', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Asia/Kolkata'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const instant = new Date(Math.floor(ms / 60_000) * 60_000);
          const local = instantToFarmTime(instant, zone);
          const back = farmTimeToInstant(local.date, local.time, zone);
          // A repeated hour maps back to its first occurrence, one hour earlier at most.
          expect(instant.getTime() - back.getTime()).toBeGreaterThanOrEqual(0);
          expect(instant.getTime() - back.getTime()).toBeLessThanOrEqual(60 * 60_000);
          expect(instantToFarmTime(back, zone)).toEqual(local);
        },
      ),
    );
  });

  it('validates zones, dates and times', () => {
    expect(isTimeZone('America/Denver')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('2027-02-29')).toBe(false);
    expect(isLocalDate('2027-2-1')).toBe(false);
    expect(isLocalTime('23:59')).toBe(true);
    expect(isLocalTime('24:00')).toBe(false);
    expect(isLocalTime('9:00')).toBe(false);
    expect(minutesOfDay('13:45')).toBe(825);
  });

  it('counts calendar days and names weekdays', () => {
    expect(addLocalDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(addLocalDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(weekdayOf('2027-01-16')).toBe('saturday');
    expect(() => addLocalDays('2027-13-01', 1)).toThrow(RangeError);
  });
});
