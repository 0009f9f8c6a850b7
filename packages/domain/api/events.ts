import { z } from 'zod';
import { latitudeQuery, longitudeQuery } from './coordinates';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
const instant = z.iso.datetime({ offset: true, message: 'must be a date and time' });

/**
 * `POST /api/events`: a dated happening on one of the caller's farms (product rules: farm events).
 */
export const createEventBody = z.object({
  farmId: z.uuid(),
  title: text(120).min(1, 'is required'),
  description: text(2000).default(''),
  startsAt: instant,
  endsAt: instant,
  /** Where it happens, in words: "At the farm stand", "Saturday market, stall 12". */
  place: text(200).min(1, 'is required'),
});
export type CreateEventBody = z.output<typeof createEventBody>;

/** `PATCH /api/events/{id}`: any of the fields; the farm stays. */
export const updateEventBody = createEventBody
  .omit({ farmId: true })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'send at least one field to change');
export type UpdateEventBody = z.output<typeof updateEventBody>;

export const eventAnswer = z.object({
  id: z.uuid(),
  /** The farm's owner. */
  farmerId: z.uuid(),
  /** The farm, with its time zone: an event's times read as the farm's clock shows them. */
  farm: z.object({ id: z.uuid(), name: z.string(), timeZone: z.string() }),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  /** Kilometres from the place asked about, in nearby searches only. */
  distanceKm: z.number().optional(),
});
export type FarmEvent = z.infer<typeof eventAnswer>;

/** `GET /api/farms/{id}/events`: upcoming ones, soonest first; `past=true` for those gone by. */
export const farmEventsQuery = z.object({
  past: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});

/** `GET /api/events`: upcoming events within `radiusKm` of a place, nearest and soonest first. */
export const nearbyEventsQuery = z.object({
  lat: latitudeQuery,
  long: longitudeQuery,
  radiusKm: z.coerce.number().min(1).max(500).default(50),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});

export const eventListAnswer = z.object({ events: z.array(eventAnswer) });
export const eventMessageAnswer = z.object({ message: z.string(), event: eventAnswer });

/** `GET /api/events/{id}.ics`: the id with its calendar suffix. */
export const eventCalendarParams = z.object({
  file: z.string().regex(/^[0-9a-f-]{36}\.ics$/i, 'must be an event id followed by .ics'),
});
