import type { FarmEvent } from '@furrow/domain/api/events';
import { farmTimeToInstant, instantToFarmTime } from '@furrow/domain/farm-time';

// Every time of an event is shown as the farm's clock shows it, with the zone named: a shopper
// planning a visit from elsewhere still reads the hour they must be there.

const formats = {
  day: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
  zoned: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  month: { month: 'short' },
  dayOfMonth: { day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per format and zone, made once: making one costs a few milliseconds (more on a slow
 * phone), and a list of event cards made five per card while it drew.
 */
function format(kind: keyof typeof formats, timeZone: string, instant: Date): string {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...formats[kind], timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(instant);
}

/** "Saturday, November 28, 2026, 9:00 AM – 1:00 PM PST". */
export function eventWhen(event: Pick<FarmEvent, 'startsAt' | 'endsAt' | 'farm'>): string {
  const { timeZone } = event.farm;
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  const startDay = format('day', timeZone, start);
  const endDay = format('day', timeZone, end);
  const from = `${startDay}, ${format('time', timeZone, start)}`;
  const to = format('zoned', timeZone, end);
  return startDay === endDay ? `${from} – ${to}` : `${from} – ${endDay}, ${to}`;
}

/** The calendar leaf of an event card: "NOV" over "28", on the farm's calendar. */
export function eventLeaf(event: Pick<FarmEvent, 'startsAt' | 'farm'>): {
  month: string;
  day: string;
} {
  const { timeZone } = event.farm;
  const start = new Date(event.startsAt);
  return {
    month: format('month', timeZone, start).toUpperCase(),
    day: format('dayOfMonth', timeZone, start),
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
