import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that goes on after an answer has been sent, such as an e-mail that must not make the answer
 * slower (or tell by its timing whether an account exists). Shutdown waits for it, so that closing
 * the server never cuts off an e-mail or a write halfway.
 */
export interface Background {
  run(work: () => Promise<void>): void;
  /** Resolves once every piece of work started so far has ended. */
  drain(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(work) {
      const task = work()
        .catch((error: unknown) => log.error({ err: error }, 'background work failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
