import { describe, expect, it } from 'vitest';
import { loadFullGc } from './full-gc';

// A weak reference keeps its target alive until the end of the job that made it or read it.
const nextJob = () => new Promise((resolve) => setImmediate(resolve));

describe('loadFullGc', () => {
  it('collects an object nothing refers to any more', async () => {
    const collect = loadFullGc();
    let held: object | undefined = { payload: new Array(1_000).fill('x') };
    const ref = new WeakRef(held);
    held = undefined;
    await nextJob();
    expect(ref.deref()).toBeDefined();
    await nextJob();
    collect();
    expect(ref.deref()).toBeUndefined();
  });
});
