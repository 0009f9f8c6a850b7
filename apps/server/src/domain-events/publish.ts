import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import { enqueue } from '../jobs/enqueue';
import { defineJob } from '../jobs/job-kind';
import type { JobHandler } from '../jobs/worker';
import type { EventKind } from './event-kind';
import { findSubscriber, subscribersOf } from './subscribers';

/**
 * One delivery of one event to one after-commit subscriber. The jobs table is the outbox: the
 * delivery is written in the publisher's transaction, so it happens if and only if the change
 * committed, and the worker retries it until the subscriber succeeds.
 */
export const eventDelivery = defineJob(
  'domain-event',
  z.object({ event: z.string(), subscriber: z.string(), payload: z.unknown() }),
  { redact: ({ event, subscriber }) => ({ event, subscriber }) },
);

/**
 * Records that something happened, in the transaction that made it happen: runs the in-transaction
 * subscribers now and writes one delivery for each after-commit subscriber.
 */
export async function publish<Payload>(
  tx: Tx,
  event: EventKind<Payload>,
  payload: Payload,
  now: Date,
): Promise<void> {
  const parsed = event.schema.parse(payload);
  for (const subscriber of subscribersOf(event.name)) {
    if (subscriber.when === 'in-transaction') {
      await subscriber.handle(tx, parsed, now);
    } else {
      await enqueue(tx, eventDelivery, {
        event: event.name,
        subscriber: subscriber.name,
        payload: parsed,
      });
    }
  }
}

/** The worker's handler for deliveries: finds the subscriber and hands it the checked payload. */
export function deliverEvents(context: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): JobHandler<z.infer<typeof eventDelivery.schema>> {
  return async ({ event, subscriber: name, payload }) => {
    const subscriber = findSubscriber(event, name);
    // A subscriber removed since the event was published has nothing left to do.
    if (subscriber?.when !== 'after-commit') {
      context.log.warn({ event, subscriber: name }, 'an event delivery found no subscriber');
      return;
    }
    await subscriber.handle(subscriber.event.schema.parse(payload), { db: context.db });
  };
}
