import type { Redis } from 'ioredis';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { lazyRequire } from './lazy-require';

// Only a server given REDIS_URL loads the Redis client (about 17 MB).
const redisLibrary = lazyRequire<typeof import('ioredis')>('ioredis');
// Loaded with the first limited request (a sign-in, an upload): 1.3 MB of heap an idle server
// does not need.
const limiterLibrary = lazyRequire<typeof import('rate-limiter-flexible')>('rate-limiter-flexible');

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
 * Fixed-window counters by key, kept by rate-limiter-flexible. `hit` counts and answers in one atomic
 * step, so that parallel calls can never all see room for themselves; `refund` gives one hit back (a
 * right password does not use up the tries of a mistyped one); `peek` only answers.
 */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  hit(key: string, rule: RateRule): Promise<RateState>;
  refund(key: string, rule: RateRule): Promise<void>;
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
        if (outcome instanceof limiterLibrary().RateLimiterRes) return state(outcome, false);
        throw outcome;
      }
    },
    async refund(key, rule) {
      const limiter = forRule(rule);
      const res = await limiter.get(key);
      // Nothing to give back once the window has ended: a refund must not open a new one below zero.
      if (!res || res.msBeforeNext <= 0 || res.consumedPoints <= 0) return;
      await limiter.reward(key, 1);
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
    (options) => new (limiterLibrary().RateLimiterMemory)(options),
    async () => {},
  );
}

/** Counters in Redis, shared by every API process; keys are `${prefix}:${key}`. */
export function createRedisRateLimiter(redis: Redis, prefix = 'furrow:rate'): RateLimiter {
  return limiterOfRules(
    'redis',
    (options) =>
      new (limiterLibrary().RateLimiterRedis)({
        ...options,
        storeClient: redis,
        keyPrefix: prefix,
      }),
    async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  );
}

/** How long the shared store is left alone after it failed, before it is tried again. */
export const STORE_RETRY_MS = 5_000;

export interface FallbackEvents {
  /** The store failed: limits are counted in this process's memory from now on. Said once. */
  onFallback(error: Error): void;
  /** The store answers again. */
  onRecovered(): void;
}

/** Keys whose last count from the store is remembered; past it, the oldest are forgotten. */
const REMEMBERED_KEYS = 10_000;

/**
 * The shared store, with this process's memory standing in while it fails: limits never switch off,
 * and a store that does not answer costs one short timeout, not one per call. Counts made in memory
 * stay there; the store's own counts carry on where they were once it is back.
 *
 * Memory starts from the last count the store gave for the key in its window, not from zero: a
 * burst that slows the process past the store's timeout (300 parallel sign-ins did) would otherwise
 * get the store's whole budget and then memory's too.
 */
export function withMemoryFallback(
  store: RateLimiter,
  events: FallbackEvents,
  now: () => number = Date.now,
): RateLimiter {
  const memory = createMemoryRateLimiter();
  const lastFromStore = new Map<string, { count: number; until: number }>();
  const remember = (id: string, state: RateState) => {
    const seen = lastFromStore.get(id);
    const until = now() + state.retryAfterMs;
    if (seen && seen.until > now() && seen.count >= state.count) return;
    lastFromStore.delete(id);
    lastFromStore.set(id, { count: state.count, until });
    if (lastFromStore.size > REMEMBERED_KEYS) {
      lastFromStore.delete(lastFromStore.keys().next().value as string);
    }
  };
  /** `state` from memory, with the store's last count added; a peek asks about the next hit. */
  const counted = (id: string, state: RateState, rule: RateRule, next: 0 | 1): RateState => {
    const seen = lastFromStore.get(id);
    if (!seen || seen.until <= now()) return state;
    const count = state.count + seen.count;
    return {
      count,
      allowed: count + next <= rule.limit,
      retryAfterMs: Math.max(state.retryAfterMs, seen.until - now()),
    };
  };
  let failedAt: number | null = null;
  const run = async <T>(call: (limiter: RateLimiter) => Promise<T>): Promise<T> => {
    if (failedAt !== null && now() - failedAt < STORE_RETRY_MS) return call(memory);
    try {
      const result = await call(store);
      if (failedAt !== null) {
        failedAt = null;
        events.onRecovered();
      }
      return result;
    } catch (error) {
      if (failedAt === null) events.onFallback(error as Error);
      failedAt = now();
      return call(memory);
    }
  };
  const id = (key: string, rule: RateRule) => `${rule.limit}/${rule.windowMs}:${key}`;
  const counting =
    (call: 'hit' | 'peek') =>
    (key: string, rule: RateRule): Promise<RateState> =>
      run(async (limiter) => {
        const state = await limiter[call](key, rule);
        if (limiter === store) {
          if (call === 'hit') remember(id(key, rule), state);
          return state;
        }
        return counted(id(key, rule), state, rule, call === 'peek' ? 1 : 0);
      });
  return {
    kind: store.kind,
    hit: counting('hit'),
    refund: (key, rule) => run((limiter) => limiter.refund(key, rule)),
    peek: counting('peek'),
    close: () => store.close(),
  };
}

/** Redis gets this long to answer (or, connecting, to accept) before a call is counted in memory. */
export const REDIS_TIMEOUT_MS = 500;

export function createRateLimiter(options: {
  redisUrl: string | undefined;
  events: FallbackEvents;
}): RateLimiter {
  if (!options.redisUrl) return createMemoryRateLimiter();
  // Fail fast rather than queue: a limiter that waits for Redis would hold every sign-in with it.
  // The command timeout also covers commands queued while the connection is being made.
  const { Redis } = redisLibrary();
  const redis = new Redis(options.redisUrl, {
    maxRetriesPerRequest: 0,
    connectTimeout: 2 * REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    enableAutoPipelining: true,
  });
  // Connection errors repeat on every reconnect; the fallback reports the outage once instead.
  redis.on('error', () => {});
  return withMemoryFallback(createRedisRateLimiter(redis), options.events);
}
