import { Redis } from 'ioredis';

export interface RateRule {
  limit: number;
  windowMs: number;
}

export interface RateState {
  /** Hits counted in the current window, this one included. */
  count: number;
  allowed: boolean;
  /** Until the window ends; 0 when nothing is counted. */
  retryAfterMs: number;
}

/**
 * Fixed-window counters by key. `hit` counts and answers; `peek` only answers, for limits that count
 * failures alone (a right password does not use up the tries of a mistyped one).
 */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  hit(key: string, rule: RateRule): Promise<RateState>;
  peek(key: string, rule: RateRule): Promise<RateState>;
  close(): Promise<void>;
}

/** In-process counters: right for one API process; several share Redis instead (REDIS_URL). */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };

  // Expired windows are dropped now and then, so that a flood of keys cannot grow memory for ever.
  const sweep = () => {
    const time = now();
    if (time - lastSweep < 60_000) return;
    lastSweep = time;
    for (const [key, entry] of windows) if (entry.resetAt <= time) windows.delete(key);
  };

  const state = (count: number, resetAt: number, rule: RateRule): RateState => ({
    count,
    allowed: count <= rule.limit,
    retryAfterMs: Math.max(0, resetAt - now()),
  });

  return {
    kind: 'memory',
    async hit(key, rule) {
      sweep();
      const entry = live(key) ?? { count: 0, resetAt: now() + rule.windowMs };
      entry.count += 1;
      windows.set(key, entry);
      return state(entry.count, entry.resetAt, rule);
    },
    async peek(key, rule) {
      const entry = live(key);
      if (!entry) return { count: 0, allowed: true, retryAfterMs: 0 };
      // The next hit would be the one past the limit.
      return { ...state(entry.count + 1, entry.resetAt, rule), count: entry.count };
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and the window's expiry in one step, so that a crash between them cannot leave a key forever.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** Counters in Redis, shared by every API process. */
export function createRedisRateLimiter(redis: Redis, prefix = 'furrow:rate:'): RateLimiter {
  return {
    kind: 'redis',
    async hit(key, rule) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, rule.windowMs)) as [
        number,
        number,
      ];
      return { count, allowed: count <= rule.limit, retryAfterMs: Math.max(0, ttl) };
    },
    async peek(key, rule) {
      const [[, raw], [, ttl]] = ((await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()) ?? []) as [[unknown, string | null], [unknown, number]];
      const count = Number(raw ?? 0);
      return { count, allowed: count + 1 <= rule.limit, retryAfterMs: Math.max(0, ttl) };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createRateLimiter(options: {
  redisUrl: string | undefined;
  onError: (error: Error) => void;
}): RateLimiter {
  if (!options.redisUrl) return createMemoryRateLimiter();
  // Fail fast rather than queue: a limiter that waits for Redis would hold every sign-in with it.
  const redis = new Redis(options.redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    enableAutoPipelining: true,
  });
  redis.on('error', options.onError);
  return createRedisRateLimiter(redis);
}
