import { describe, expect, it } from 'vitest';
import { createFarmBody, updateFarmBody } from './farms';
import { pickupWindowsField } from './pickup-windows';

const saturday = { kind: 'weekly', day: 'saturday', from: '09:00', to: '13:00', place: 'Stand' };

describe('pickup windows in the farm contract', () => {
  it('gives a new farm no windows, Eastern time, and delivery off with no fee or minimum', () => {
    const farm = createFarmBody.parse({ name: 'Meadow Farm', location: { lat: 45, lng: -122 } });
    expect(farm.pickupWindows).toEqual([]);
    expect(farm.timeZone).toBe('America/New_York');
    expect(farm.delivery).toEqual({ enabled: false, radiusKm: 0, fee: 0, minimumOrder: 0 });
  });

  it('keeps updates that send none of the new fields valid', () => {
    expect(updateFarmBody.parse({ name: 'Hill Farm' })).toEqual({ name: 'Hill Farm' });
    expect(updateFarmBody.parse({ delivery: { fee: 4.5 } })).toEqual({ delivery: { fee: 4.5 } });
  });

  it('takes weekly and one-off windows, capacity empty unless given', () => {
    expect(
      pickupWindowsField.parse([
        saturday,
        {
          kind: 'once',
          date: '2027-06-19',
          from: '10:00',
          to: '12:00',
          place: 'Barn',
          capacity: 8,
        },
      ]),
    ).toEqual([
      { ...saturday, capacity: null },
      { kind: 'once', date: '2027-06-19', from: '10:00', to: '12:00', place: 'Barn', capacity: 8 },
    ]);
  });

  it('names the field of a window that ends before it starts', () => {
    const result = pickupWindowsField.safeParse([saturday, { ...saturday, to: '08:00' }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [[1, 'to'], 'must be later than the start time'],
    ]);
  });

  it('refuses unknown time zones and malformed times', () => {
    expect(updateFarmBody.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(pickupWindowsField.safeParse([{ ...saturday, from: '9am' }]).success).toBe(false);
    expect(pickupWindowsField.safeParse([{ ...saturday, day: 'caturday' }]).success).toBe(false);
  });
});
