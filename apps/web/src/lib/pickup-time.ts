/**
 * How pickup slots read everywhere (checkout, orders, the farmer's list). A slot's date and times
 * are already on the farm's clock, so they are shown as they are and never moved into the
 * browser's time zone: "9:00 AM" at the farm stand is 9:00 AM for everyone.
 */

// US long format with the weekday people plan by. UTC keeps a YYYY-MM-DD date on its
// own day whatever the browser's zone.
const slotDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Sat, November 28, 2026" for `2026-11-28`. */
export function formatSlotDate(date: string): string {
  return slotDay.format(new Date(`${date}T00:00:00Z`));
}

/** "9:00 AM" for `09:00`. */
export function formatLocalTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** "Sat, November 28, 2026, 9:00 AM – 1:00 PM". */
export function formatSlot(slot: { date: string; from: string; to: string }): string {
  return `${formatSlotDate(slot.date)}, ${formatLocalTime(slot.from)} – ${formatLocalTime(slot.to)}`;
}

const stamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** When something happened, in the reader's own clock: "November 21, 2026 at 3:04 PM". */
export function formatMoment(iso: string): string {
  return stamp.format(new Date(iso));
}
