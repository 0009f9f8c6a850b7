import type { FarmEvent } from '@furrow/domain/api/events';
import type * as Ics from 'ics';
import { lazyRequire } from '../../adapters/lazy-require';

// Loaded with the first calendar file asked for: with its validation library it is 1.5 MB of heap.
const ics = lazyRequire<typeof Ics>('ics');

/**
 * An event as an RFC 5545 calendar file, made by the `ics` library (line folding, escaping and
 * CRLF line ends are its job). Times are written in UTC, so every calendar shows them where it is.
 */
export function eventCalendarFile(event: FarmEvent, publicUrl: string): string {
  const { error, value } = ics().createEvent({
    productId: 'furrow/events',
    uid: `${event.id}@furrow`,
    start: Date.parse(event.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(event.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    description: event.description,
    location: `${event.place}, ${event.farm.name}`,
    url: `${publicUrl}/farms/${event.farm.id}`,
    organizer: { name: event.farm.name },
  });
  if (error || !value) throw error ?? new Error('the calendar file was not made');
  return value;
}
