import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The young generation's size in MB before and after the process allocates 200 MB of short-lived
 * objects, in a process of its own: the flag is V8's, for the whole process.
 */
function youngGenerationMb(flags: 'none' | 'small' | 'small, then growing'): {
  before: number;
  after: number;
} {
  const script = `
    const { getHeapSpaceStatistics } = await import('node:v8');
    const young = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 2 ** 20;
    const memoryFlags = await import('./src/memory-flags.ts');
    ${flags === 'none' ? '' : 'memoryFlags.keepYoungGenerationSmall();'}
    ${flags === 'small, then growing' ? 'memoryFlags.letYoungGenerationGrow();' : ''}
    const before = young();
    let kept = [];
    for (let i = 0; i < 2e6; i++) {
      kept.push({ i, text: 'item ' + i });
      if (kept.length > 1000) kept = [];
    }
    console.log(JSON.stringify({ before, after: young() }));
  `;
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: new URL('..', import.meta.url), encoding: 'utf8' },
  );
  return JSON.parse(output);
}

describe("the server's memory flags", () => {
  it('keep the young generation at the size it has when they are set', { timeout: 60_000 }, () => {
    // Without them V8 grows it up to 32 MB (two semi-spaces of 16 MB) under the same allocations.
    const grown = youngGenerationMb('none');
    expect(grown.after).toBeGreaterThanOrEqual(16);
    expect(grown.after).toBeGreaterThan(grown.before);
    const kept = youngGenerationMb('small');
    expect(kept.after).toBe(kept.before);
    expect(kept.after).toBeLessThan(16);
  });

  it('let it grow again, as on PostgreSQL', { timeout: 60_000 }, () => {
    const grown = youngGenerationMb('small, then growing');
    expect(grown.after).toBeGreaterThanOrEqual(16);
  });
});
