import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

export interface RateRule {
  limit: number;
  /** Whole seconds: the Redis store keeps windows in seconds. */
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
 * Fixed-window counters by key, kept by rate-limiter-flexible. `hit` counts and answers; `peek` only
 * answers, for limits that count failures alone (a right password does not use up the tries of a
 * mistyped one).
 */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  hit(key: string, rule: RateRule): Promise<RateState>;
  peek(key: string, rule: RateRule): Promise<RateState>;
  close(): Promise<void>;
}

const nothingCounted: RateState = { count: 0, allowed: true, retryAfterMs: 0 };

/** The library holds one limit per limiter object, so each rule gets its own, made on first use. */
function limiterOfRules(
  kind: RateLimiter['kind'],
  make: (options: { points: number; duration: number }) => RateLimiterAbstract,
  close: () => Promise<void>,
): RateLimiter {
  const byRule = new Map<string, RateLimiterAbstract>();
  const forRule = (rule: RateRule) => {
    const id = `${rule.limit}/${rule.windowMs}`;
    let limiter = byRule.get(id);
    if (!limiter) {
      limiter = make({ points: rule.limit, duration: rule.windowMs / 1000 });
      byRule.set(id, limiter);
    }
    return limiter;
  };
  const state = (res: RateLimiterRes, allowed: boolean): RateState => ({
    count: res.consumedPoints,
    allowed,
    retryAfterMs: Math.max(0, res.msBeforeNext),
  });

  return {
    kind,
    async hit(key, rule) {
      try {
        return state(await forRule(rule).consume(key), true);
      } catch (outcome) {
        // The library refuses a hit past the limit with its result; anything else is a store error.
        if (outcome instanceof RateLimiterRes) return state(outcome, false);
        throw outcome;
      }
    },
    async peek(key, rule) {
      const res = await forRule(rule).get(key);
      // An ended window may linger in memory until its timer runs; it counts as nothing.
      if (!res || res.msBeforeNext <= 0) return nothingCounted;
      // The next hit would be the one that counts.
      return state(res, res.consumedPoints + 1 <= rule.limit);
    },
    close,
  };
}

/** In-process counters: right for one API process; several share Redis instead (REDIS_URL). */
export function createMemoryRateLimiter(): RateLimiter {
  return limiterOfRules(
    'memory',
    (options) => new RateLimiterMemory(options),
    async () => {},
  );
}

/** Counters in Redis, shared by every API process; keys are `${prefix}:${key}`. */
export function createRedisRateLimiter(redis: Redis, prefix = 'furrow:rate'): RateLimiter {
  return limiterOfRules(
    'redis',
    (options) => new RateLimiterRedis({ ...options, storeClient: redis, keyPrefix: prefix }),
    async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  );
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
