import { describe, expect, it } from 'vitest';
import { eventLeaf, eventWhen, fromFarmInput, toFarmInput } from './event-times';

const farm = { id: 'f', name: 'Sauvie Island Greens', timeZone: 'America/Los_Angeles' };

describe('event times on the farm’s clock', () => {
  it('reads a market morning in Portland as 9 to 1, whatever the browser’s zone', () => {
    const event = {
      startsAt: '2026-11-28T17:00:00.000Z',
      endsAt: '2026-11-28T21:00:00.000Z',
      farm,
    };
    expect(eventWhen(event)).toBe('Saturday, November 28, 2026, 9:00 AM – 1:00 PM PST');
    expect(eventLeaf(event)).toEqual({ month: 'NOV', day: '28' });
  });

  it('names both days of an event that runs overnight', () => {
    const event = {
      startsAt: '2026-11-29T04:00:00.000Z',
      endsAt: '2026-11-29T18:00:00.000Z',
      farm,
    };
    expect(eventWhen(event)).toBe(
      'Saturday, November 28, 2026, 8:00 PM – Sunday, November 29, 2026, 10:00 AM PST',
    );
  });

  it('turns the form’s farm-clock value into the instant and back', () => {
    expect(fromFarmInput('2026-07-04T09:30', farm.timeZone)).toBe('2026-07-04T16:30:00.000Z');
    expect(toFarmInput('2026-07-04T16:30:00.000Z', farm.timeZone)).toBe('2026-07-04T09:30');
  });
});
