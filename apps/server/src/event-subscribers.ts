import { subscribe } from './domain-events/subscribers';

/**
 * Every subscription of the server, in one list: what happens elsewhere when a module records an
 * event. A module publishes its events without knowing who listens; this file, like `app.ts`, is
 * the one place that composes modules. ARCHITECTURE.md lists the events.
 */
export function subscribeAll(): void {
  for (const subscriber of SUBSCRIBERS) subscribe(subscriber);
}

const SUBSCRIBERS: Parameters<typeof subscribe>[0][] = [];
