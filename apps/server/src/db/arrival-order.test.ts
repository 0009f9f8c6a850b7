import { describe, expect, it } from 'vitest';
import { inArrival, nextArrival, turnsInArrivalOrder } from './arrival-order';

/** Work that records when it starts and ends, and ends when told. */
function step(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    finish: () => finish(),
    work: async () => {
      log.push(`${name} starts`);
      await ended;
      log.push(`${name} ends`);
      return name;
    },
  };
}

describe('turns in order of arrival', () => {
  it('runs one work at a time, an earlier arrival before a later one that asked first', async () => {
    const turns = turnsInArrivalOrder();
    const log: string[] = [];
    const first = nextArrival();
    const second = nextArrival();
    const a1 = step(log, 'first, 1');
    const a2 = step(log, 'first, 2');
    const b1 = step(log, 'second, 1');

    const firstDone = inArrival(first, async () => {
      await turns.take(a1.work);
      return turns.take(a2.work);
    });
    const secondDone = inArrival(second, () => turns.take(b1.work));
    a1.finish();
    a2.finish();
    b1.finish();

    expect(await firstDone).toBe('first, 2');
    expect(await secondDone).toBe('second, 1');
    expect(log).toEqual([
      'first, 1 starts',
      'first, 1 ends',
      'first, 2 starts',
      'first, 2 ends',
      'second, 1 starts',
      'second, 1 ends',
    ]);
  });

  it('serves the same arrival in the order it asked', async () => {
    const turns = turnsInArrivalOrder();
    const order: number[] = [];
    await inArrival(nextArrival(), () =>
      Promise.all([1, 2, 3].map((n) => turns.take(async () => order.push(n)))),
    );
    expect(order).toEqual([1, 2, 3]);
  });

  it('lets the event loop read what arrived between two turns', async () => {
    const turns = turnsInArrivalOrder();
    const log: string[] = [];
    await inArrival(nextArrival(), async () => {
      await turns.take(async () => {
        // Stands for a socket read: it runs in the loop's next pass, not in this chain of promises.
        setImmediate(() => log.push('the loop passed'));
      });
      await turns.take(async () => {
        log.push('second turn');
      });
    });
    expect(log).toEqual(['the loop passed', 'second turn']);
  });

  it('passes on a failure and goes on with the next turn', async () => {
    const turns = turnsInArrivalOrder();
    const failed = turns.take(async () => {
      throw new Error('bad statement');
    });
    const next = turns.take(async () => 'next');
    await expect(failed).rejects.toThrow('bad statement');
    expect(await next).toBe('next');
  });
});
