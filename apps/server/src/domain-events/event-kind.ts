import type { z } from 'zod';

/**
 * What a module tells the rest of the server has happened: a name and the shape of its payload.
 * The module that owns the data defines the event and publishes it; subscribers import the kind
 * from that module's public entry, so knowledge flows from the publisher to the subscriber and
 * never back.
 */
export interface EventKind<Payload> {
  readonly name: string;
  readonly schema: z.ZodType<Payload>;
}

export function defineEvent<Payload>(name: string, schema: z.ZodType<Payload>): EventKind<Payload> {
  return { name, schema };
}
