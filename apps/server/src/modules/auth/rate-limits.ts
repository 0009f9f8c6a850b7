import { AppError, type ErrorCode } from '@furrow/domain/errors';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { RateLimiter, RateRule, RateState } from '../../adapters/rate-limiter';

const minutes = (n: number) => n * 60_000;

/**
 * How often each account call may be made. Per network address to slow a scan across accounts, and
 * per account (e-mail) to stop guessing at one. Loose enough that a person who mistypes a few times,
 * or a test suite signing in over and over from one address, is never stopped.
 */
export const rateRules = {
  loginPerIp: { limit: 100, windowMs: minutes(15) },
  /** Counts failed sign-ins only: the right password never uses up the tries. */
  loginFailuresPerEmail: { limit: 10, windowMs: minutes(15) },
  registerPerIp: { limit: 30, windowMs: minutes(60) },
  verifyPerIp: { limit: 30, windowMs: minutes(15) },
  verifyPerAccount: { limit: 10, windowMs: minutes(15) },
  resendPerIp: { limit: 20, windowMs: minutes(15) },
  resendPerAccount: { limit: 5, windowMs: minutes(15) },
  forgotPerIp: { limit: 20, windowMs: minutes(15) },
  forgotPerEmail: { limit: 5, windowMs: minutes(15) },
  /** Wrong current passwords when changing it, per account. */
  passwordChangeFailuresPerAccount: { limit: 10, windowMs: minutes(15) },
  googlePerIp: { limit: 60, windowMs: minutes(15) },
} as const satisfies Record<string, RateRule>;

export type RateAction =
  | 'login'
  | 'register'
  | 'verify'
  | 'resend'
  | 'forgot'
  | 'password'
  | 'google';

const tooMany: Record<RateAction, string> = {
  login: 'Too many sign-in attempts.',
  register: 'Too many sign-ups from this network.',
  verify: 'Too many verification attempts.',
  resend: 'Too many new codes requested.',
  forgot: 'Too many password reset requests.',
  password: 'Too many wrong passwords.',
  google: 'Too many Google sign-in attempts.',
};

export function rateLimitedError(action: RateAction, retryAfterMs: number): AppError {
  const wait = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new AppError(
    'RATE_LIMITED',
    `${tooMany[action]} Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`,
  );
}

export interface RateGate {
  /** Counts a hit and refuses with a 429 (and Retry-After) when it is past the limit. */
  hit(reply: FastifyReply, action: RateAction, key: string, rule: RateRule): Promise<void>;
  /**
   * For a call limited by its failures alone (a wrong password): refuses when they are past the
   * limit, runs `work`, and counts a failure when it throws `failure`. Success never uses up a try.
   */
  limitFailures<T>(
    reply: FastifyReply,
    action: RateAction,
    key: string,
    rule: RateRule,
    failure: ErrorCode,
    work: () => Promise<T>,
  ): Promise<T>;
}

/** The limiter, with a failing store let through (and logged) rather than locking everyone out. */
export function createRateGate(limiter: RateLimiter, log: FastifyBaseLogger): RateGate {
  const safely = async (run: () => Promise<RateState>): Promise<RateState> => {
    try {
      return await run();
    } catch (error) {
      log.warn({ err: error }, 'rate limiter unavailable; request let through');
      return { count: 0, allowed: true, retryAfterMs: 0 };
    }
  };
  const refuseIfOver = (reply: FastifyReply, action: RateAction, state: RateState) => {
    if (state.allowed) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil(state.retryAfterMs / 1000))));
    throw rateLimitedError(action, state.retryAfterMs);
  };
  return {
    async hit(reply, action, key, rule) {
      refuseIfOver(reply, action, await safely(() => limiter.hit(key, rule)));
    },
    async limitFailures(reply, action, key, rule, failure, work) {
      refuseIfOver(reply, action, await safely(() => limiter.peek(key, rule)));
      try {
        return await work();
      } catch (error) {
        if (error instanceof AppError && error.code === failure) {
          await safely(() => limiter.hit(key, rule));
        }
        throw error;
      }
    },
  };
}
