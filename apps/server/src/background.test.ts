import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createBackground } from './background';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background work', () => {
  it('drain waits for work started before and during the drain', async () => {
    const background = createBackground({ error: vi.fn() } as unknown as FastifyBaseLogger);
    const done: string[] = [];
    background.run(async () => {
      await later(20);
      done.push('first');
      background.run(async () => {
        await later(20);
        done.push('second');
      });
    });
    await background.drain();
    expect(done).toEqual(['first', 'second']);
  });

  it('logs a failure instead of throwing it', async () => {
    const error = vi.fn();
    const background = createBackground({ error } as unknown as FastifyBaseLogger);
    background.run(async () => {
      throw new Error('smtp down');
    });
    await background.drain();
    expect(error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'smtp down' }) },
      'background work failed',
    );
  });
});
