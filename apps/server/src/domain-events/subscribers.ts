import type { Db } from '../db/client';
import type { Tx } from '../db/transaction';
import type { EventKind } from './event-kind';

/**
 * Runs inside the publishing transaction: what must hold the moment the change commits (stock
 * that arrives goes to waiting pre-orders before any shopper can take it; browse's copies are
 * dropped by a notification delivered at commit). It fails the publisher's transaction if it throws.
 */
export type InTransactionHandler<Payload> = (tx: Tx, payload: Payload, now: Date) => Promise<void>;

/**
 * Runs after the publishing transaction committed, as a job: at least once, retried on failure.
 * For work that may lag a moment behind the change and must not hold its locks (counting, mail).
 */
export type AfterCommitHandler<Payload> = (payload: Payload, context: { db: Db }) => Promise<void>;

export type Subscriber<Payload> =
  | {
      readonly name: string;
      readonly event: EventKind<Payload>;
      readonly when: 'in-transaction';
      readonly handle: InTransactionHandler<Payload>;
    }
  | {
      readonly name: string;
      readonly event: EventKind<Payload>;
      readonly when: 'after-commit';
      readonly handle: AfterCommitHandler<Payload>;
    };

/** Each event's subscribers, by subscriber name. The server lists them in `subscriptions.ts`. */
const registry = new Map<string, Map<string, Subscriber<unknown>>>();

/**
 * Adds a subscriber; adding one under a name already taken replaces it, so that building the app
 * twice in one process subscribes once.
 */
export function subscribe<Payload>(subscriber: Subscriber<Payload>): void {
  const byName = registry.get(subscriber.event.name) ?? new Map<string, Subscriber<unknown>>();
  byName.set(subscriber.name, subscriber as Subscriber<unknown>);
  registry.set(subscriber.event.name, byName);
}

/** Removes a subscriber; answers whether there was one. */
export function unsubscribe(event: EventKind<unknown>, name: string): boolean {
  return registry.get(event.name)?.delete(name) ?? false;
}

export function subscribersOf(eventName: string): Subscriber<unknown>[] {
  return [...(registry.get(eventName)?.values() ?? [])];
}

export function findSubscriber(
  eventName: string,
  subscriberName: string,
): Subscriber<unknown> | undefined {
  return registry.get(eventName)?.get(subscriberName);
}
