import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../testing/test-app';
import {
  createMemoryRateLimiter,
  createRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
  STORE_RETRY_MS,
  withMemoryFallback,
} from './rate-limiter';

const rule = { limit: 3, windowMs: 60_000 };

async function behavesAsAFixedWindow(limiter: RateLimiter, key: string) {
  expect(await limiter.peek(key, rule)).toMatchObject({ count: 0, allowed: true });
  const states = [];
  for (let i = 0; i < 5; i++) states.push(await limiter.hit(key, rule));
  expect(states.map((s) => s.count)).toEqual([1, 2, 3, 4, 5]);
  expect(states.map((s) => s.allowed)).toEqual([true, true, true, false, false]);
  for (const state of states) {
    expect(state.retryAfterMs).toBeGreaterThan(0);
    expect(state.retryAfterMs).toBeLessThanOrEqual(rule.windowMs);
  }
  expect(await limiter.peek(key, rule)).toMatchObject({ count: 5, allowed: false });
  // Keys are counted apart.
  expect(await limiter.hit(`${key}:other`, rule)).toMatchObject({ count: 1, allowed: true });
}

describe('the in-memory limiter', () => {
  it('counts a fixed window per key', async () => {
    await behavesAsAFixedWindow(createMemoryRateLimiter(), 'memory');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts a new window once the old one ends', async () => {
    vi.useFakeTimers();
    const limiter = createMemoryRateLimiter();
    for (let i = 0; i < 4; i++) await limiter.hit('k', rule);
    expect((await limiter.peek('k', rule)).allowed).toBe(false);
    vi.advanceTimersByTime(rule.windowMs - 1);
    expect((await limiter.peek('k', rule)).allowed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await limiter.peek('k', rule)).toMatchObject({ count: 0, allowed: true });
    expect(await limiter.hit('k', rule)).toMatchObject({ count: 1, allowed: true });
  });

  it('peeks without counting', async () => {
    const limiter = createMemoryRateLimiter();
    await limiter.hit('p', rule);
    await limiter.peek('p', rule);
    await limiter.peek('p', rule);
    expect((await limiter.hit('p', rule)).count).toBe(2);
  });
});

describe('a limiter whose store fails', () => {
  const rule = { limit: 3, windowMs: 60_000 };

  // 300 parallel sign-ins against Redis on a busy machine: the first answers came back, then the
  // process was too slow to read the rest within the timeout, and memory gave a second budget.
  it('goes on from the store’s last count when it falls back, not from zero', async () => {
    let answering = true;
    const real = createMemoryRateLimiter();
    const flaky: RateLimiter = {
      kind: 'redis',
      hit: (key, r) => (answering ? real.hit(key, r) : Promise.reject(new Error('timed out'))),
      refund: (key, r) => real.refund(key, r),
      peek: (key, r) => (answering ? real.peek(key, r) : Promise.reject(new Error('timed out'))),
      close: async () => {},
    };
    const limiter = withMemoryFallback(flaky, watch().events);
    expect((await limiter.hit('burst', rule)).allowed).toBe(true);
    expect((await limiter.hit('burst', rule)).allowed).toBe(true);
    answering = false;
    expect(await limiter.peek('burst', rule)).toMatchObject({ count: 2, allowed: true });
    const states = [];
    for (let i = 0; i < 3; i++) states.push(await limiter.hit('burst', rule));
    expect(states.map((state) => [state.count, state.allowed])).toEqual([
      [3, true],
      [4, false],
      [5, false],
    ]);
    // Another key has no count in the store: memory alone.
    expect(await limiter.hit('calm', rule)).toMatchObject({ count: 1, allowed: true });
  });

  function watch() {
    const seen = { fallbacks: 0, recoveries: 0 };
    return {
      seen,
      events: {
        onFallback: () => {
          seen.fallbacks++;
        },
        onRecovered: () => {
          seen.recoveries++;
        },
      },
    };
  }

  // The test's own time limit is the proof of failing fast: a limiter that waited for the store as
  // it used to (about 14 s per call) would run past it.
  it('counts in memory at once when nothing listens at REDIS_URL, and says so once', {
    timeout: 10_000,
  }, async () => {
    const { seen, events } = watch();
    // Nothing listens on port 1: every call to the store fails.
    const limiter = createRateLimiter({ redisUrl: 'redis://127.0.0.1:1', events });
    try {
      const states = [];
      for (let i = 0; i < 5; i++) states.push(await limiter.hit('dead', rule));
      expect(states.map((s) => s.allowed)).toEqual([true, true, true, false, false]);
      expect(seen).toEqual({ fallbacks: 1, recoveries: 0 });
    } finally {
      await limiter.close();
    }
  });

  it('does the same when Redis accepts the connection but never answers', {
    timeout: 10_000,
  }, async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { seen, events } = watch();
    const limiter = createRateLimiter({ redisUrl: `redis://127.0.0.1:${port}`, events });
    try {
      const states = [];
      for (let i = 0; i < 4; i++) states.push(await limiter.hit('silent', rule));
      expect(states.map((s) => s.count)).toEqual([1, 2, 3, 4]);
      expect(states.at(-1)?.allowed).toBe(false);
      expect(seen.fallbacks).toBe(1);
    } finally {
      limiter.close().catch(() => {});
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('goes back to the store once it answers again, and says so once', async () => {
    let failing = true;
    const memory = createMemoryRateLimiter();
    const flaky: RateLimiter = {
      ...memory,
      kind: 'redis',
      hit: (key, r) => (failing ? Promise.reject(new Error('down')) : memory.hit(key, r)),
    };
    let now = 0;
    const { seen, events } = watch();
    const limiter = withMemoryFallback(flaky, events, () => now);
    await limiter.hit('k', rule);
    await limiter.hit('k', rule);
    expect(seen).toEqual({ fallbacks: 1, recoveries: 0 });
    failing = false;
    // Left alone for a while, then tried again.
    now += STORE_RETRY_MS - 1;
    await limiter.hit('k', rule);
    expect(seen.recoveries).toBe(0);
    now += 1;
    expect(await limiter.hit('k', rule)).toMatchObject({ count: 1 });
    expect(seen).toEqual({ fallbacks: 1, recoveries: 1 });
  });

  it('keeps an app’s limits on, with a dead Redis', { timeout: 60_000 }, async () => {
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const email = `dead-redis-${Date.now()}@example.com`;
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email } });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});

// Redis is optional on a developer's machine; where redis-server exists, the shared limiter is proved.
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

describe.skipIf(!hasRedis)('the Redis limiter', () => {
  let redisProcess: ReturnType<typeof spawn> | undefined;
  let clients: Redis[] = [];
  let port = 0;

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
    clients = [];
    redisProcess?.kill('SIGTERM');
  });

  async function startRedis(): Promise<number> {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    redisProcess = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    // Ready once it accepts a connection.
    for (let tries = 0; tries < 50; tries++) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = tcpConnect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        }).on('error', () => resolve(false));
      });
      if (open) return port;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('redis-server did not start');
  }

  it('counts one window shared by every process', async () => {
    port = await startRedis();
    const connect = () => {
      const client = new Redis({ port, host: '127.0.0.1', lazyConnect: false });
      clients.push(client);
      return client;
    };
    const first = connect();
    const a = createRedisRateLimiter(first, 'test');
    await behavesAsAFixedWindow(a, 'shared');
    // A second process sees the same counts.
    const b = createRedisRateLimiter(connect(), 'test');
    expect(await b.hit('shared', rule)).toMatchObject({ count: 6, allowed: false });
    const ttl = await first.pttl('test:shared');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(rule.windowMs);
  });

  it('holds the limits of an app given REDIS_URL', async () => {
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      const email = `redis-${Date.now()}@example.com`;
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email } });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      const probe = new Redis({ port, host: '127.0.0.1' });
      clients.push(probe);
      expect(await probe.get(`furrow:rate:forgot:email:${email}`)).toBe('6');
    } finally {
      await t.close();
    }
  });
});
