import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantToFarmTime, weekdays } from './farm-time';
import {
  checkPickupSlot,
  nextPickupSlots,
  PICKUP_CUTOFF_HOURS,
  type PickupWindow,
  parsePickupSlotId,
  pickupSlotId,
  pickupWindowProblems,
  remainingInSlot,
} from './pickup-windows';

const zone = 'America/New_York';
const saturdayStand: PickupWindow = {
  id: 'w-sat',
  kind: 'weekly',
  day: 'saturday',
  from: '09:00',
  to: '13:00',
  place: 'Farm stand',
  capacity: 2,
};
const wednesdayMarket: PickupWindow = {
  id: 'w-wed',
  kind: 'weekly',
  day: 'wednesday',
  from: '15:00',
  to: '18:00',
  place: 'Town market',
  capacity: null,
};
const harvestDay: PickupWindow = {
  id: 'w-harvest',
  kind: 'once',
  date: '2027-01-17',
  from: '10:00',
  to: '12:00',
  place: 'Barn',
  capacity: null,
};

// Thursday 2027-01-14, 10:00 in New York.
const thursdayMorning = new Date('2027-01-14T15:00:00Z');

describe('nextPickupSlots', () => {
  it('lists the next occurrences of weekly and one-off windows, soonest first', () => {
    const slots = nextPickupSlots(
      [saturdayStand, wednesdayMarket, harvestDay],
      thursdayMorning,
      zone,
      {
        count: 4,
      },
    );
    expect(slots.map((slot) => slot.id)).toEqual([
      'w-sat:2027-01-16',
      'w-harvest:2027-01-17',
      'w-wed:2027-01-20',
      'w-sat:2027-01-23',
    ]);
    expect(slots[0]).toMatchObject({
      windowId: 'w-sat',
      date: '2027-01-16',
      from: '09:00',
      to: '13:00',
      place: 'Farm stand',
      capacity: 2,
    });
    expect(slots[0]?.startsAt.toISOString()).toBe('2027-01-16T14:00:00.000Z');
    expect(slots[0]?.endsAt.toISOString()).toBe('2027-01-16T18:00:00.000Z');
    expect(slots[0]?.orderBy.toISOString()).toBe('2027-01-16T02:00:00.000Z');
  });

  it(`closes a slot ${PICKUP_CUTOFF_HOURS} hours before it starts`, () => {
    const justBefore = new Date('2027-01-16T02:00:00Z');
    const justAfter = new Date('2027-01-16T02:00:00.001Z');
    expect(nextPickupSlots([saturdayStand], justBefore, zone)[0]?.date).toBe('2027-01-16');
    expect(nextPickupSlots([saturdayStand], justAfter, zone)[0]?.date).toBe('2027-01-23');
  });

  it('keeps the farm wall-clock time across a daylight-saving change', () => {
    const slots = nextPickupSlots([saturdayStand], new Date('2027-03-08T12:00:00Z'), zone, {
      count: 2,
    });
    expect(slots.map((slot) => slot.startsAt.toISOString())).toEqual([
      '2027-03-13T14:00:00.000Z',
      '2027-03-20T13:00:00.000Z',
    ]);
  });

  it('stops at the horizon and gives nothing for no windows', () => {
    expect(nextPickupSlots([saturdayStand], thursdayMorning, zone, { horizonDays: 1 })).toEqual([]);
    expect(nextPickupSlots([], thursdayMorning, zone)).toEqual([]);
    expect(nextPickupSlots([harvestDay], new Date('2027-02-01T00:00:00Z'), zone)).toEqual([]);
  });

  it('gives open, sorted slots on the right weekday, at most count of them', () => {
    const windowArb: fc.Arbitrary<PickupWindow> = fc.record({
      id: fc.uuid(),
      kind: fc.constant('weekly' as const),
      day: fc.constantFrom(...weekdays),
      from: fc.constantFrom('06:00', '09:30', '15:00'),
      to: fc.constant('20:00'),
      place: fc.constant('Stand'),
      capacity: fc.constant(null),
    });
    fc.assert(
      fc.property(
        fc.array(windowArb, { maxLength: 5 }),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.integer({ min: 1, max: 12 }),
        (windows, ms, count) => {
          const now = new Date(ms);
          const slots = nextPickupSlots(windows, now, zone, { count });
          expect(slots.length).toBeLessThanOrEqual(count);
          for (const [i, slot] of slots.entries()) {
            expect(slot.orderBy.getTime()).toBeGreaterThanOrEqual(now.getTime());
            expect(instantToFarmTime(slot.startsAt, zone).time).toBe(slot.from);
            const window = windows.find((candidate) => candidate.id === slot.windowId);
            expect(window?.kind === 'weekly' && window.day).toBe(
              instantToFarmTime(slot.startsAt, zone).weekday,
            );
            const next = slots[i + 1];
            if (next)
              expect(next.startsAt.getTime()).toBeGreaterThanOrEqual(slot.startsAt.getTime());
          }
          // The horizon holds every weekday four times; the cut-off closes at most one.
          if (windows.length > 0) {
            expect(slots.length).toBeGreaterThanOrEqual(Math.min(count, 3));
          }
        },
      ),
    );
  });
});

describe('slot ids and capacity', () => {
  it('round-trips window and date through the slot id', () => {
    expect(pickupSlotId('w-sat', '2027-01-16')).toBe('w-sat:2027-01-16');
    expect(parsePickupSlotId('w-sat:2027-01-16')).toEqual({
      windowId: 'w-sat',
      date: '2027-01-16',
    });
    expect(parsePickupSlotId('w-sat:2027-02-30')).toBeNull();
    expect(parsePickupSlotId(':2027-01-16')).toBeNull();
    expect(parsePickupSlotId('nonsense')).toBeNull();
  });

  it('counts what a slot can still take', () => {
    const [slot] = nextPickupSlots([saturdayStand], thursdayMorning, zone);
    if (!slot) throw new Error('expected a slot');
    expect(remainingInSlot(slot, 1)).toBe(1);
    expect(remainingInSlot(slot, 5)).toBe(0);
    expect(remainingInSlot({ ...slot, capacity: null }, 500)).toBeNull();
  });

  it('accepts an open slot with room and says why it refuses the others', () => {
    const windows = [saturdayStand, harvestDay];
    const check = (slotId: string, taken = 0, now = thursdayMorning) =>
      checkPickupSlot(windows, slotId, taken, now, zone);
    expect(check('w-sat:2027-01-16')).toMatchObject({ ok: true, slot: { date: '2027-01-16' } });
    expect(check('w-sat:2027-01-16', 2)).toEqual({
      ok: false,
      reason: 'full',
      code: 'PICKUP_WINDOW_FULL',
    });
    expect(check('w-sat:2027-01-17')).toEqual({
      ok: false,
      reason: 'unknown',
      code: 'PICKUP_SLOT_UNAVAILABLE',
    });
    expect(check('w-gone:2027-01-16')).toMatchObject({ ok: false, reason: 'unknown' });
    expect(check('w-harvest:2027-01-17')).toMatchObject({ ok: true });
    expect(check('w-sat:2027-01-09')).toMatchObject({ ok: false, reason: 'closed' });
    expect(check('w-sat:2027-06-05')).toMatchObject({ ok: false, reason: 'closed' });
    expect(check('w-sat:2027-01-16', 0, new Date('2027-01-16T03:00:00Z'))).toEqual({
      ok: false,
      reason: 'closed',
      code: 'PICKUP_SLOT_UNAVAILABLE',
    });
  });
});

describe('pickupWindowProblems', () => {
  it('accepts good windows', () => {
    expect(pickupWindowProblems([saturdayStand, wednesdayMarket, harvestDay])).toEqual([]);
  });

  it('names each problem by its field', () => {
    expect(
      pickupWindowProblems([
        { ...saturdayStand, from: '13:00', to: '09:00' },
        { ...harvestDay, date: '2027-02-30', capacity: 0, place: ' ' },
        { ...wednesdayMarket, id: 'w-sat', from: '25:00' },
      ]),
    ).toEqual([
      { field: '0.to', message: 'must be later than the start time' },
      { field: '1.date', message: 'must be a date (YYYY-MM-DD)' },
      { field: '1.place', message: 'is required' },
      { field: '1.capacity', message: 'must be at least 1 order, or empty' },
      { field: '2.id', message: 'is used twice' },
      { field: '2.from', message: 'must be a time such as 09:00' },
    ]);
  });

  it('refuses a window that ends when it starts', () => {
    expect(pickupWindowProblems([{ ...saturdayStand, to: '09:00' }])).toHaveLength(1);
  });
});
