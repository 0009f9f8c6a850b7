import { describe, expect, it } from 'vitest';
import { serverProcess } from './server-process.mjs';

describe('serverProcess', () => {
  it('starts the server on the embedded database with one V8 worker and a small young generation', () => {
    const { execArgv, env } = serverProcess({ PORT: '3000' });
    expect(execArgv).toEqual(['--v8-pool-size=1', '--max-semi-space-size=1']);
    expect(env).toMatchObject({ PORT: '3000', MALLOC_ARENA_MAX: '2' });
  });

  it("keeps Node's defaults on PostgreSQL, with two malloc arenas", () => {
    const { execArgv, env } = serverProcess({ DATABASE_URL: 'postgres://localhost/furrow' });
    expect(execArgv).toEqual([]);
    expect(env.MALLOC_ARENA_MAX).toBe('2');
  });

  it("lets an operator's own values stand", () => {
    const { env } = serverProcess({ MALLOC_ARENA_MAX: '4' });
    expect(env.MALLOC_ARENA_MAX).toBe('4');
  });
});
