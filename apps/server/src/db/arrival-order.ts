import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The embedded database runs one statement at a time, and runs it on the event loop's thread: while
 * statements follow one another without a pause (each the continuation of the one before, a chain
 * of promises), the loop reads no socket. Requests that arrived meanwhile were read only once the
 * chain ended, whenever that was, and a request whose own step went through the loop (a signature
 * checked on the thread pool, a body read) fell behind every chain that did not. At 50 connections,
 * most waited well under a second and a few more than ten.
 *
 * So statements take turns in the order their requests arrived: every statement of a request waits
 * only for those of requests that arrived before it (first come, first served, by request rather
 * than by statement, so that a request of several statements is not sent to the back after each),
 * and the loop gets a pass between two turns, to read what arrived and put it in its place.
 */

const arrivalOfContext = new AsyncLocalStorage<number>();
let arrivals = 0;

/** A new place in the order: after every arrival so far. */
export function nextArrival(): number {
  return arrivals++;
}

/** Runs `work`, and everything it starts, as the arrival `arrival`. */
export function inArrival<T>(arrival: number, work: () => T): T {
  return arrivalOfContext.run(arrival, work);
}

export interface Turns {
  /**
   * Runs `work` when its turn comes: after the work of earlier arrivals, and after work asked
   * before it by the same arrival. Work outside any arrival (a background job, a timer) is a new
   * arrival each time it asks.
   */
  take<T>(work: () => Promise<T>): Promise<T>;
}

export function turnsInArrivalOrder(): Turns {
  /** Waiting work, by arrival and then in the order asked. */
  const waiting: { arrival: number; start: () => void }[] = [];
  let busy = false;

  function startNext(): void {
    const next = waiting.shift();
    if (next) next.start();
    else busy = false;
  }

  return {
    take<T>(work: () => Promise<T>): Promise<T> {
      const arrival = arrivalOfContext.getStore() ?? nextArrival();
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          work()
            .then(resolve, reject)
            // The next turn starts after a pass of the event loop, not in this chain of promises:
            // the request whose turn ended asks for its next one first, and what arrived meanwhile
            // is read and put in its place.
            .finally(() => setImmediate(startNext));
        };
        if (!busy) {
          busy = true;
          start();
          return;
        }
        let at = waiting.length;
        while (at > 0 && (waiting[at - 1] as { arrival: number }).arrival > arrival) at--;
        waiting.splice(at, 0, { arrival, start });
      });
    },
  };
}
