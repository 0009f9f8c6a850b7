import type { FarmEvent } from '@furrow/domain/api/events';
import { farmTimeToInstant, instantToFarmTime } from '@furrow/domain/farm-time';

// Every time of an event is shown as the farm's clock shows it, with the zone named: a shopper
// planning a visit from elsewhere still reads the hour they must be there.

/** "Saturday, November 28, 2026, 9:00 AM – 1:00 PM PST". */
export function eventWhen(event: Pick<FarmEvent, 'startsAt' | 'endsAt' | 'farm'>): string {
  const { timeZone } = event.farm;
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  });
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  const zoned = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  });
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  return day.format(start) === day.format(end)
    ? `${day.format(start)}, ${time.format(start)} – ${zoned.format(end)}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${zoned.format(end)}`;
}

/** The calendar leaf of an event card: "NOV" over "28", on the farm's calendar. */
export function eventLeaf(event: Pick<FarmEvent, 'startsAt' | 'farm'>): {
  month: string;
  day: string;
} {
  const options = { timeZone: event.farm.timeZone } as const;
  const start = new Date(event.startsAt);
  return {
    month: new Intl.DateTimeFormat('en-US', { ...options, month: 'short' })
      .format(start)
      .toUpperCase(),
    day: new Intl.DateTimeFormat('en-US', { ...options, day: 'numeric' }).format(start),
  };
}

/** A `datetime-local` input's value for an instant, on the farm's clock. */
export function toFarmInput(iso: string, timeZone: string): string {
  const { date, time } = instantToFarmTime(new Date(iso), timeZone);
  return `${date}T${time}`;
}

/** The instant a `datetime-local` value means on the farm's clock, as ISO 8601. */
export function fromFarmInput(value: string, timeZone: string): string {
  const [date = '', time = ''] = value.split('T');
  return farmTimeToInstant(date, time.slice(0, 5), timeZone).toISOString();
}
