import { DAY_MS } from './dates';
import type { ErrorDetail } from './errors';

/** How far ahead an event may be planned: a market season, not a decade. */
export const MAX_EVENT_LEAD_DAYS = 2 * 365;
/** The longest a single event may last: a harvest festival over a long weekend. */
export const MAX_EVENT_DAYS = 14;

/**
 * What is wrong with an event's dates, field by field (empty when nothing is). A new event may not
 * start in the past; an event being changed keeps the start it had, so only a new start is checked.
 */
export function eventDateProblems(
  event: { startsAt: Date; endsAt: Date },
  options: { now: Date; startChanged: boolean },
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const { startsAt, endsAt } = event;
  if (options.startChanged && startsAt.getTime() < options.now.getTime()) {
    problems.push({ field: 'startsAt', message: 'must not be in the past' });
  } else if (startsAt.getTime() > options.now.getTime() + MAX_EVENT_LEAD_DAYS * DAY_MS) {
    problems.push({ field: 'startsAt', message: 'must be within the next two years' });
  }
  if (endsAt.getTime() <= startsAt.getTime()) {
    problems.push({ field: 'endsAt', message: 'must be after the start' });
  } else if (endsAt.getTime() - startsAt.getTime() > MAX_EVENT_DAYS * DAY_MS) {
    problems.push({
      field: 'endsAt',
      message: `must be at most ${MAX_EVENT_DAYS} days after the start`,
    });
  }
  return problems;
}

/** Upcoming means not yet over: an event that has started but not ended is still worth a visit. */
export function isUpcoming(event: { endsAt: Date }, now: Date): boolean {
  return event.endsAt.getTime() > now.getTime();
}
