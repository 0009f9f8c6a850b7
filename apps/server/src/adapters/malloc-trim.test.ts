import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * In a process of its own: 64 MB of small native blocks (Node's buffers come from malloc), of which
 * every sixteenth is kept, so that the freed ones lie between live blocks where `free()` cannot
 * shorten the arena. Resident anonymous memory, in MB, once they are freed, a moment later, and
 * after the trim.
 */
function freedMemoryMb(): {
  trimAvailable: boolean;
  freed: number;
  later: number;
  trimmed: number;
} {
  const script = `
    const { readFileSync } = await import('node:fs');
    const { loadMallocTrim } = await import('./src/adapters/malloc-trim.ts');
    const anonMb = () => Number(/RssAnon:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
    const trim = loadMallocTrim();
    let blocks = Array.from({ length: 16_000 }, () => Buffer.allocUnsafeSlow(4_000));
    const kept = blocks.filter((_, index) => index % 16 === 0);
    blocks = undefined;
    gc();
    await settle();
    gc();
    const freed = anonMb();
    await settle();
    const later = anonMb();
    trim?.();
    console.log(JSON.stringify({ trimAvailable: Boolean(trim), freed, later, trimmed: anonMb(), kept: kept.length }));
  `;
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: new URL('../..', import.meta.url), encoding: 'utf8' },
  );
  return JSON.parse(output);
}

describe('malloc_trim', () => {
  it.runIf(process.platform === 'linux')(
    'hands the free pages between live blocks back to the system, which freeing alone does not',
    { timeout: 60_000 },
    () => {
      const memory = freedMemoryMb();
      expect(memory.trimAvailable).toBe(true);
      // Freed, the blocks' pages stay resident...
      expect(memory.later).toBeGreaterThan(memory.freed - 5);
      // ...until the trim gives back most of the 60 MB freed.
      expect(memory.trimmed).toBeLessThan(memory.later - 30);
    },
  );
});
