import { describe, expect, it } from 'vitest';
import { eventDateProblems, isUpcoming } from './events';

const now = new Date('2026-06-01T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('eventDateProblems', () => {
  it('accepts a future event that ends after it starts', () => {
    const event = { startsAt: at('2026-06-06T09:00:00Z'), endsAt: at('2026-06-06T13:00:00Z') };
    expect(eventDateProblems(event, { now, startChanged: true })).toEqual([]);
  });

  it('names endsAt when the event ends before, or as, it starts', () => {
    const event = { startsAt: at('2026-06-06T09:00:00Z'), endsAt: at('2026-06-06T09:00:00Z') };
    expect(eventDateProblems(event, { now, startChanged: true })).toEqual([
      { field: 'endsAt', message: 'must be after the start' },
    ]);
  });

  it('names startsAt for a new event in the past', () => {
    const event = { startsAt: at('2026-05-30T09:00:00Z'), endsAt: at('2026-05-30T11:00:00Z') };
    expect(eventDateProblems(event, { now, startChanged: true })).toEqual([
      { field: 'startsAt', message: 'must not be in the past' },
    ]);
  });

  it('lets a running event be changed without moving its start', () => {
    const event = { startsAt: at('2026-06-01T09:00:00Z'), endsAt: at('2026-06-01T18:00:00Z') };
    expect(eventDateProblems(event, { now, startChanged: false })).toEqual([]);
  });

  it('refuses events planned years ahead or lasting weeks', () => {
    const far = { startsAt: at('2030-06-06T09:00:00Z'), endsAt: at('2030-06-06T13:00:00Z') };
    expect(eventDateProblems(far, { now, startChanged: true })[0]?.field).toBe('startsAt');
    const long = { startsAt: at('2026-06-06T09:00:00Z'), endsAt: at('2026-07-06T09:00:00Z') };
    expect(eventDateProblems(long, { now, startChanged: true })[0]?.field).toBe('endsAt');
  });
});

describe('isUpcoming', () => {
  it('counts an event until it ends', () => {
    expect(isUpcoming({ endsAt: at('2026-06-01T12:00:01Z') }, now)).toBe(true);
    expect(isUpcoming({ endsAt: now }, now)).toBe(false);
  });
});
