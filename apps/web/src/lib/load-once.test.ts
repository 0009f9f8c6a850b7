import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('shares one load among every caller and remembers what it gave', async () => {
    let loads = 0;
    const code = loadOnce(async () => {
      loads += 1;
      return 'screen';
    });
    expect(code.loaded()).toBeUndefined();
    expect(await Promise.all([code.start(), code.start()])).toEqual(['screen', 'screen']);
    expect(await code.start()).toBe('screen');
    expect(code.loaded()).toBe('screen');
    expect(loads).toBe(1);
  });

  it('forgets a failed load, so that the next call fetches again', async () => {
    let loads = 0;
    const code = loadOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return 'dialog';
    });
    await expect(code.start()).rejects.toThrow('offline');
    expect(code.loaded()).toBeUndefined();
    expect(await code.start()).toBe('dialog');
    expect(loads).toBe(2);
  });
});
