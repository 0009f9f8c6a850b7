import type { Client } from 'pg';

/** What the listening connection calls itself in `pg_stat_activity`, unless the URL names one. */
export const LISTENING_APPLICATION_NAME = 'furrow-listen';

/** The first wait before opening a dropped listening connection again, doubled after each failure. */
const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5_000;

export interface ListeningConnection {
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Stops every listener and closes the connection; it is not opened again. */
  close(): Promise<void>;
}

/**
 * One PostgreSQL connection that listens on every channel of a process: LISTEN holds its
 * connection for good, so each channel on a connection of its own would take one of the server's
 * connections per channel per process. The first listener opens it, the last one to stop closes it.
 *
 * When it drops (a restart, a failover, `pg_terminate_backend`), it is opened again, listening to
 * every channel it had, and each listener is then called once with an empty payload: what was
 * notified while it was down is lost, so its listeners hear that anything may have changed.
 */
export function listeningConnection(
  newClient: () => Client,
  onError: (error: Error) => void,
): ListeningConnection {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  /** Connected and listening to every channel of `listeners`; undefined while closed or dropped. */
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;
  let closed = false;

  // One change at a time: a LISTEN sent while the connection is being opened, or an UNLISTEN
  // racing the last listener's close, would otherwise be lost.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };

  const statement = (verb: 'LISTEN' | 'UNLISTEN', on: Client, channel: string) =>
    on.query(`${verb} ${on.escapeIdentifier(channel)}`);

  async function open(): Promise<void> {
    const opening = newClient();
    let ended = false;
    opening.on('error', onError);
    opening.on('notification', (message) => {
      for (const onNotify of listeners.get(message.channel) ?? []) onNotify(message.payload ?? '');
    });
    opening.on('end', () => {
      ended = true;
      if (client !== opening) return;
      client = undefined;
      reopenLater();
    });
    try {
      await opening.connect();
      for (const channel of listeners.keys()) await statement('LISTEN', opening, channel);
      if (ended) throw new Error('the listening connection ended as it opened');
    } catch (error) {
      await opening.end().catch(() => {});
      throw error;
    }
    client = opening;
  }

  function reopenLater(): void {
    if (retry || closed || listeners.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      void serially(reopen);
    }, retryMs);
    // A process with nothing else to do need not stay up to listen.
    retry.unref();
  }

  async function reopen(): Promise<void> {
    if (client || closed || listeners.size === 0) return;
    try {
      await open();
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
      reopenLater();
      return;
    }
    retryMs = FIRST_RETRY_MS;
    for (const onNotifies of listeners.values()) {
      for (const onNotify of onNotifies) onNotify('');
    }
  }

  async function stop(channel: string, onNotify: (payload: string) => void): Promise<void> {
    const onNotifies = listeners.get(channel);
    // Stopping twice, or after `close`, changes nothing.
    if (!onNotifies?.delete(onNotify) || onNotifies.size > 0) return;
    listeners.delete(channel);
    const listening = client;
    if (listeners.size === 0) {
      clearTimeout(retry);
      retry = undefined;
      client = undefined;
      await listening?.end();
      return;
    }
    // A connection that dropped meanwhile listens to nothing any more, and reopens without it.
    if (listening) await statement('UNLISTEN', listening, channel).catch(() => {});
  }

  return {
    listen(channel, onNotify) {
      // Its own function, so that one callback given twice is two listeners, each stopped once.
      const listener = (payload: string) => onNotify(payload);
      return serially(async () => {
        if (closed) throw new Error('the database is closed');
        const onNotifies = listeners.get(channel) ?? new Set();
        const first = onNotifies.size === 0;
        onNotifies.add(listener);
        listeners.set(channel, onNotifies);
        try {
          if (client) {
            if (first) await statement('LISTEN', client, channel);
          } else if (!retry) {
            await open();
          }
          // Otherwise the connection is being opened again, and will listen to this channel too.
        } catch (error) {
          onNotifies.delete(listener);
          if (onNotifies.size === 0) listeners.delete(channel);
          throw error;
        }
        return () => serially(() => stop(channel, listener));
      });
    },
    close() {
      return serially(async () => {
        closed = true;
        clearTimeout(retry);
        retry = undefined;
        listeners.clear();
        const listening = client;
        client = undefined;
        await listening?.end();
      });
    },
  };
}
