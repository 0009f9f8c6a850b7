import { z } from 'zod';
import { isLocalTime, isTimeZone, weekdays } from '../farm-time';
import { MAX_PICKUP_WINDOWS, type PickupWindow, pickupWindowProblems } from '../pickup-windows';

/**
 * A farm's pickup windows and time zone as the API carries them. Their own file because
 * the farm form sends them and checkout reads the slots they make.
 */

/** Farms that predate time zones, and forms that send none, are taken to be on Eastern time. */
export const DEFAULT_FARM_TIME_ZONE = 'America/New_York';

export const timeZoneField = z
  .string()
  .max(64)
  .refine(isTimeZone, 'must be a time zone such as America/Chicago');

const localTime = (example: string) =>
  z.string().refine(isLocalTime, `must be a time such as ${example}`);

const windowFields = {
  /** Left out for a new window; kept for an existing one, so that its slots keep their orders. */
  id: z.uuid().optional(),
  from: localTime('09:00'),
  to: localTime('13:00'),
  place: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  capacity: z
    .number()
    .int()
    .min(1, 'must be at least 1 order')
    .max(10_000)
    .nullable()
    .default(null),
};

const pickupWindowBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('weekly'), day: z.enum(weekdays), ...windowFields }),
  z.object({
    kind: z.literal('once'),
    date: z.iso.date('must be a date (YYYY-MM-DD)'),
    ...windowFields,
  }),
]);

/** The whole list, replaced at once; the rules of `pickupWindowProblems` name the bad field. */
export const pickupWindowsField = z
  .array(pickupWindowBody)
  .max(MAX_PICKUP_WINDOWS, `at most ${MAX_PICKUP_WINDOWS} pickup windows`)
  .superRefine((windows, ctx) => {
    // New windows have no id yet; a placeholder per position keeps them apart.
    const withIds: PickupWindow[] = windows.map((window, index) => ({
      ...window,
      id: window.id ?? `new-${index}`,
    }));
    for (const problem of pickupWindowProblems(withIds)) {
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path:
          problem.field === ''
            ? []
            : problem.field.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key)),
      });
    }
  });
export type PickupWindowsBody = z.output<typeof pickupWindowsField>;

const windowAnswerFields = {
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  place: z.string(),
  capacity: z.number().int().nullable(),
};

export const pickupWindowAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('weekly'), day: z.enum(weekdays), ...windowAnswerFields }),
  z.object({ kind: z.literal('once'), date: z.string(), ...windowAnswerFields }),
]);
export type PickupWindowAnswer = z.infer<typeof pickupWindowAnswer>;

/** One occurrence checkout offers (`nextPickupSlots`), with the room left in it. */
export const pickupSlotAnswer = z.object({
  id: z.string(),
  windowId: z.uuid(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  place: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The last moment an order can choose this slot (the cut-off). */
  orderBy: z.string(),
  capacity: z.number().int().nullable(),
  /** Orders it can still take; null when the window has no capacity. */
  remaining: z.number().int().nullable(),
});
export type PickupSlotAnswer = z.infer<typeof pickupSlotAnswer>;

export const pickupSlotsAnswer = z.object({
  timeZone: z.string(),
  slots: z.array(pickupSlotAnswer),
});
