import { z } from 'zod';
import { defineEvent } from '../../domain-events/event-kind';

/**
 * A farm was added, renamed, moved, suspended or reinstated, or deleted (or the demo farms were
 * loaded): whatever is kept of the farms elsewhere, such as browse's nearby farms, is read again.
 */
export const farmsChanged = defineEvent('farms.changed', z.object({}));

/**
 * A farm opened to shoppers (a new farm is open at once): whoever asked to hear of farms near it
 * is told, in the same transaction.
 */
export const farmOpened = defineEvent(
  'farm.opened',
  z.object({
    id: z.uuid(),
    name: z.string(),
    address: z.object({ city: z.string(), region: z.string() }),
    location: z.object({ lat: z.number(), lng: z.number() }),
  }),
);
