import type { ErrorCode } from './errors';
import {
  addLocalDays,
  farmTimeToInstant,
  instantToFarmTime,
  isLocalDate,
  isLocalTime,
  type LocalDate,
  type LocalTime,
  minutesOfDay,
  type Weekday,
  weekdayOf,
} from './farm-time';

/**
 * Pickup windows (product rules: pickup and delivery): a farm's weekly times ("Saturdays 9:00 to
 * 13:00 at the farm stand") and one-off dates, in the farm's own wall-clock time. Checkout offers
 * their next concrete occurrences, slots, and the server counts orders per slot id against a
 * window's capacity.
 */

/**
 * Orders close this long before a slot starts: the farmer needs an evening to read the orders and
 * a morning to pick and pack them before the stand opens.
 */
export const PICKUP_CUTOFF_HOURS = 12;
/** How far ahead checkout looks for slots: four weeks covers every weekly window four times. */
export const PICKUP_HORIZON_DAYS = 28;
/** How many slots checkout offers per farm unless asked for another number. */
export const PICKUP_SLOT_COUNT = 8;
/** Enough for a stand open every day at two places; more is a mistake in the form. */
export const MAX_PICKUP_WINDOWS = 20;

interface PickupWindowBase {
  id: string;
  from: LocalTime;
  to: LocalTime;
  place: string;
  /** Orders per occurrence; `null` takes any number. */
  capacity: number | null;
}

export interface WeeklyPickupWindow extends PickupWindowBase {
  kind: 'weekly';
  day: Weekday;
}

export interface OneOffPickupWindow extends PickupWindowBase {
  kind: 'once';
  date: LocalDate;
}

export type PickupWindow = WeeklyPickupWindow | OneOffPickupWindow;

/** One occurrence of a window: what a shopper chooses at checkout. */
export interface PickupSlot {
  /** `windowId:date`; stored on the order so that orders per occurrence can be counted. */
  id: string;
  windowId: string;
  date: LocalDate;
  from: LocalTime;
  to: LocalTime;
  place: string;
  capacity: number | null;
  startsAt: Date;
  endsAt: Date;
  /** The last instant an order can choose this slot. */
  orderBy: Date;
}

export interface SlotOptions {
  count?: number;
  horizonDays?: number;
  cutoffHours?: number;
}

export interface PickupWindowProblem {
  /** Path inside the window list, such as `2.to`. */
  field: string;
  message: string;
}

export function pickupSlotId(windowId: string, date: LocalDate): string {
  return `${windowId}:${date}`;
}

export function parsePickupSlotId(slotId: string): { windowId: string; date: LocalDate } | null {
  const separator = slotId.lastIndexOf(':');
  if (separator <= 0) return null;
  const date = slotId.slice(separator + 1);
  if (!isLocalDate(date)) return null;
  return { windowId: slotId.slice(0, separator), date };
}

/** Everything wrong with a farm's windows, each naming the field, so a form can show it in place. */
export function pickupWindowProblems(windows: readonly PickupWindow[]): PickupWindowProblem[] {
  const problems: PickupWindowProblem[] = [];
  if (windows.length > MAX_PICKUP_WINDOWS) {
    problems.push({ field: '', message: `at most ${MAX_PICKUP_WINDOWS} pickup windows` });
  }
  const seen = new Set<string>();
  windows.forEach((window, index) => {
    if (seen.has(window.id)) problems.push({ field: `${index}.id`, message: 'is used twice' });
    seen.add(window.id);
    if (!isLocalTime(window.from)) {
      problems.push({ field: `${index}.from`, message: 'must be a time such as 09:00' });
    }
    if (!isLocalTime(window.to)) {
      problems.push({ field: `${index}.to`, message: 'must be a time such as 13:00' });
    } else if (isLocalTime(window.from) && minutesOfDay(window.to) <= minutesOfDay(window.from)) {
      problems.push({ field: `${index}.to`, message: 'must be later than the start time' });
    }
    if (window.kind === 'once' && !isLocalDate(window.date)) {
      problems.push({ field: `${index}.date`, message: 'must be a date (YYYY-MM-DD)' });
    }
    if (window.place.trim() === '') {
      problems.push({ field: `${index}.place`, message: 'is required' });
    }
    if (
      window.capacity !== null &&
      (!Number.isSafeInteger(window.capacity) || window.capacity < 1)
    ) {
      problems.push({ field: `${index}.capacity`, message: 'must be at least 1 order, or empty' });
    }
  });
  return problems;
}

function occursOn(window: PickupWindow, date: LocalDate): boolean {
  return window.kind === 'weekly' ? weekdayOf(date) === window.day : window.date === date;
}

function slotOf(
  window: PickupWindow,
  date: LocalDate,
  timeZone: string,
  cutoffHours: number,
): PickupSlot {
  const startsAt = farmTimeToInstant(date, window.from, timeZone);
  return {
    id: pickupSlotId(window.id, date),
    windowId: window.id,
    date,
    from: window.from,
    to: window.to,
    place: window.place,
    capacity: window.capacity,
    startsAt,
    endsAt: farmTimeToInstant(date, window.to, timeZone),
    orderBy: new Date(startsAt.getTime() - cutoffHours * 60 * 60 * 1000),
  };
}

function isOpen(slot: PickupSlot, now: Date): boolean {
  return now.getTime() <= slot.orderBy.getTime();
}

/**
 * The next slots still open for orders, soonest first, from today (on the farm's clock) to
 * `horizonDays` days ahead. Capacity is not applied here: counting orders is the server's part,
 * with `remainingInSlot`.
 */
export function nextPickupSlots(
  windows: readonly PickupWindow[],
  now: Date,
  timeZone: string,
  options: SlotOptions = {},
): PickupSlot[] {
  const {
    count = PICKUP_SLOT_COUNT,
    horizonDays = PICKUP_HORIZON_DAYS,
    cutoffHours = PICKUP_CUTOFF_HOURS,
  } = options;
  const today = instantToFarmTime(now, timeZone).date;
  const slots: PickupSlot[] = [];
  for (let day = 0; day <= horizonDays; day += 1) {
    const date = addLocalDays(today, day);
    for (const window of windows) {
      if (!occursOn(window, date)) continue;
      const slot = slotOf(window, date, timeZone, cutoffHours);
      if (isOpen(slot, now)) slots.push(slot);
    }
  }
  return slots
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id))
    .slice(0, count);
}

/** Orders a slot can still take; `null` when its window has no capacity. */
export function remainingInSlot(slot: PickupSlot, ordersTaken: number): number | null {
  return slot.capacity === null ? null : Math.max(0, slot.capacity - ordersTaken);
}

export type SlotCheck =
  | { ok: true; slot: PickupSlot }
  | {
      ok: false;
      reason: 'unknown' | 'closed' | 'full';
      code: Extract<ErrorCode, 'PICKUP_SLOT_UNAVAILABLE' | 'PICKUP_WINDOW_FULL'>;
    };

const unavailable = (reason: 'unknown' | 'closed'): SlotCheck => ({
  ok: false,
  reason,
  code: 'PICKUP_SLOT_UNAVAILABLE',
});

/**
 * Whether checkout may put an order in `slotId`: a real occurrence of one of the farm's windows,
 * still before its cut-off and within the horizon, and not full with `ordersTaken` orders in it.
 */
export function checkPickupSlot(
  windows: readonly PickupWindow[],
  slotId: string,
  ordersTaken: number,
  now: Date,
  timeZone: string,
  options: Omit<SlotOptions, 'count'> = {},
): SlotCheck {
  const { horizonDays = PICKUP_HORIZON_DAYS, cutoffHours = PICKUP_CUTOFF_HOURS } = options;
  const parsed = parsePickupSlotId(slotId);
  const window = windows.find((candidate) => candidate.id === parsed?.windowId);
  if (parsed === null || window === undefined || !occursOn(window, parsed.date)) {
    return unavailable('unknown');
  }
  const slot = slotOf(window, parsed.date, timeZone, cutoffHours);
  const lastDate = addLocalDays(instantToFarmTime(now, timeZone).date, horizonDays);
  if (!isOpen(slot, now) || parsed.date > lastDate) return unavailable('closed');
  if (remainingInSlot(slot, ordersTaken) === 0) {
    return { ok: false, reason: 'full', code: 'PICKUP_WINDOW_FULL' };
  }
  return { ok: true, slot };
}
