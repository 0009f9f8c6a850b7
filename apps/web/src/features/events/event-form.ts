import type { FarmEvent } from '@furrow/domain/api/events';
import { addLocalDays, instantToFarmTime, weekdays } from '@furrow/domain/farm-time';
import { z } from 'zod';
import { fromFarmInput, toFarmInput } from './event-times';
import type { CreateEventInput } from './events-api';

const when = (label: string) =>
  z
    .string()
    .min(1, `${label} is required`)
    .refine((value) => !Number.isNaN(new Date(value).getTime()), `${label} is not a date`);

/** The event form, in the browser's own time zone; the server checks the dates again. */
export const eventFormSchema = z
  .object({
    title: z.string().trim().min(1, 'Give the event a title').max(120),
    description: z.string().trim().max(2000),
    place: z.string().trim().min(1, 'Say where it happens').max(200),
    startsAt: when('The start'),
    endsAt: when('The end'),
  })
  .refine((value) => new Date(value.endsAt) > new Date(value.startsAt), {
    message: 'The end must come after the start',
    path: ['endsAt'],
  });
export type EventFormValues = z.infer<typeof eventFormSchema>;
export type EventFormField = keyof EventFormValues;

/**
 * The form's first values, on the farm's clock: the event's, or for a new one the next Saturday
 * from 9 to noon, a market morning.
 */
export function eventFormDefaults(
  event: FarmEvent | undefined,
  timeZone: string,
  now = new Date(),
): EventFormValues {
  if (event) {
    return {
      title: event.title,
      description: event.description,
      place: event.place,
      startsAt: toFarmInput(event.startsAt, timeZone),
      endsAt: toFarmInput(event.endsAt, timeZone),
    };
  }
  const today = instantToFarmTime(now, timeZone);
  const daysToSaturday = (6 - weekdays.indexOf(today.weekday) + 7) % 7 || 7;
  const saturday = addLocalDays(today.date, daysToSaturday);
  return {
    title: '',
    description: '',
    place: '',
    startsAt: `${saturday}T09:00`,
    endsAt: `${saturday}T12:00`,
  };
}

export function toEventBody(
  values: EventFormValues,
  timeZone: string,
): Omit<CreateEventInput, 'farmId'> {
  return {
    title: values.title,
    description: values.description,
    place: values.place,
    startsAt: fromFarmInput(values.startsAt, timeZone),
    endsAt: fromFarmInput(values.endsAt, timeZone),
  };
}
