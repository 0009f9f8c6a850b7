import { DAY_MS } from './dates';
/**
 * A farm's clock. Pickup windows are written in the farm's wall-clock time ("Saturdays 9:00 to
 * 13:00"), and that must stay 9:00 across daylight-saving changes, so windows are kept as local
 * date and time plus the farm's IANA time zone and turned into instants only when needed.
 * Built on Intl alone: every runtime Furrow supports ships the time-zone database.
 */

/** A calendar date as the farm reads it, `YYYY-MM-DD`. */
export type LocalDate = string;
/** A wall-clock time as the farm reads it, `HH:MM` on a 24-hour clock. */
export type LocalTime = string;

export const weekdays = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof weekdays)[number];

export interface FarmDateTime {
  date: LocalDate;
  time: LocalTime;
  weekday: Weekday;
}

const localDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const localTimePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The zones a farm in the US most likely keeps, first in the farm form's list, each with the name
 * farmers know it by; any other IANA zone can still be chosen.
 */
export const commonFarmTimeZones = [
  { id: 'America/New_York', label: 'Eastern (New York)' },
  { id: 'America/Chicago', label: 'Central (Chicago)' },
  { id: 'America/Denver', label: 'Mountain (Denver)' },
  { id: 'America/Phoenix', label: 'Arizona (Phoenix, no daylight saving)' },
  { id: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { id: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { id: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { id: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
] as const;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Real calendar dates only: `2027-02-30` matches the pattern but is refused. */
export function isLocalDate(value: string): boolean {
  const match = localDatePattern.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1;
}

export function isLocalTime(value: string): boolean {
  return localTimePattern.test(value);
}

/** Minutes since midnight, to compare and order wall-clock times. */
export function minutesOfDay(time: LocalTime): number {
  const match = localTimePattern.exec(time);
  if (match === null) throw new RangeError(`Invalid time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function parseLocalDate(date: LocalDate): [number, number, number] {
  if (!isLocalDate(date)) throw new RangeError(`Invalid date: ${date}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [year, month, day];
}

/** Calendar arithmetic on a local date; no time zone is involved in counting days. */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = parseLocalDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function weekdayOf(date: LocalDate): Weekday {
  const [year, month, day] = parseLocalDate(date);
  return weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] as Weekday;
}

// Building a formatter is far slower than using one, and slot lists call this many times.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields at an instant, as milliseconds of a UTC clock showing the same fields. */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetMs(instantMs: number, timeZone: string): number {
  const wholeSeconds = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(wholeSeconds, timeZone) - wholeSeconds;
}

/**
 * The instant a farm's clock shows `date` `time`. Around daylight-saving changes it resolves like
 * Temporal's "compatible" mode: a repeated hour means its first occurrence, and a skipped hour
 * (02:30 on a spring-forward night) moves forward by the gap, to 03:30, so a window is never lost.
 */
export function farmTimeToInstant(date: LocalDate, time: LocalTime, timeZone: string): Date {
  const [year, month, day] = parseLocalDate(date);
  const minutes = minutesOfDay(time);
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  // Zones change offset at most once in any two days, so the offsets a day either side are the
  // only candidates.
  const offsetBefore = offsetMs(wall - DAY_MS, timeZone);
  const offsetAfter = offsetMs(wall + DAY_MS, timeZone);
  const candidates = [wall - offsetBefore, wall - offsetAfter]
    .filter((instant) => wallClockMs(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall - offsetBefore);
}

/** What a farm's clock shows at an instant. */
export function instantToFarmTime(instant: Date, timeZone: string): FarmDateTime {
  const iso = new Date(wallClockMs(instant.getTime(), timeZone)).toISOString();
  const date = iso.slice(0, 10);
  return { date, time: iso.slice(11, 16), weekday: weekdayOf(date) };
}
