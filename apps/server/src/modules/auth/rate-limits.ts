import { createHash } from 'node:crypto';
import { AppError, type ErrorCode } from '@furrow/domain/errors';
import type { FastifyReply } from 'fastify';
import type { RateLimiter, RateRule, RateState } from '../../adapters/rate-limiter';

const minutes = (n: number) => n * 60_000;

/**
 * How often each account call may be made. Per network address to slow a scan across accounts, and
 * per account to stop guessing at one. Loose enough that a person who mistypes a few times, or a
 * test suite signing in over and over from one address, is never stopped.
 */
export const rateRules = {
  loginPerIp: { limit: 100, windowMs: minutes(15) },
  /**
   * Sign-in guesses at one account from every address it has not signed in from, together: the cap
   * that many addresses at once cannot get past. Counted before the password is checked; a right
   * password gives its try back.
   */
  loginGuessesPerAccount: { limit: 10, windowMs: minutes(15) },
  /** Guesses at one account from one address it has signed in from before: the owner's own budget. */
  loginGuessesPerKnownAddress: { limit: 10, windowMs: minutes(15) },
  /** How long an address stays known to an account after a sign-in from it. */
  knownAddress: { limit: 1_000_000, windowMs: minutes(60 * 24 * 20) },
  registerPerIp: { limit: 30, windowMs: minutes(60) },
  verifyPerIp: { limit: 30, windowMs: minutes(15) },
  verifyPerAccount: { limit: 10, windowMs: minutes(15) },
  resendPerIp: { limit: 20, windowMs: minutes(15) },
  resendPerAccount: { limit: 5, windowMs: minutes(15) },
  forgotPerIp: { limit: 20, windowMs: minutes(15) },
  forgotPerEmail: { limit: 5, windowMs: minutes(15) },
  /** Codes and reset links e-mailed to one address, whichever call asked: a mailbox is not flooded. */
  mailsPerAddress: { limit: 8, windowMs: minutes(60) },
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
  | 'google'
  | 'area-alert';

const tooMany: Record<RateAction, string> = {
  login: 'Too many sign-in attempts.',
  register: 'Too many sign-ups from this network.',
  verify: 'Too many verification attempts.',
  resend: 'Too many new codes requested.',
  forgot: 'Too many password reset requests.',
  password: 'Too many wrong passwords.',
  google: 'Too many Google sign-in attempts.',
  'area-alert': 'Too many sign-ups for news of farms.',
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
   * For a call that checks a secret (a password): counts the guess before `work` runs, so that
   * guesses sent in parallel cannot pass the limit, and gives it back unless `work` throws `failure`.
   * A right answer never uses up a try.
   */
  limitGuesses<T>(
    reply: FastifyReply,
    action: RateAction,
    key: string,
    rule: RateRule,
    failure: ErrorCode,
    work: () => Promise<T>,
  ): Promise<T>;
  /**
   * Sign-in: guesses from addresses the account has signed in from before are counted per address,
   * all others together per account, so that strangers' wrong guesses never lock the owner out of
   * the addresses they use, and many addresses at once get no more guesses than one.
   */
  signIn<T>(reply: FastifyReply, email: string, ip: string, work: () => Promise<T>): Promise<T>;
}

/**
 * The limiter in front of the account calls. A store that fails is the limiter's to handle (it
 * counts in memory meanwhile), so a limit is never skipped here.
 */
export function createRateGate(limiter: RateLimiter): RateGate {
  const refuseIfOver = (reply: FastifyReply, action: RateAction, state: RateState) => {
    if (state.allowed) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil(state.retryAfterMs / 1000))));
    throw rateLimitedError(action, state.retryAfterMs);
  };
  const limitGuesses: RateGate['limitGuesses'] = async (
    reply,
    action,
    key,
    rule,
    failure,
    work,
  ) => {
    refuseIfOver(reply, action, await limiter.hit(key, rule));
    try {
      const result = await work();
      await limiter.refund(key, rule);
      return result;
    } catch (error) {
      if (!(error instanceof AppError && error.code === failure)) await limiter.refund(key, rule);
      throw error;
    }
  };
  return {
    async hit(reply, action, key, rule) {
      refuseIfOver(reply, action, await limiter.hit(key, rule));
    },
    limitGuesses,
    async signIn(reply, email, ip, work) {
      // Kept for 20 days, so stored as a digest: the store never lists who signs in from where.
      const known = `login:known:${createHash('sha256').update(`${email}\n${ip}`).digest('base64url')}`;
      const familiar = (await limiter.peek(known, rateRules.knownAddress)).count > 0;
      const result = await (familiar
        ? limitGuesses(
            reply,
            'login',
            `login:account:${email}:from:${ip}`,
            rateRules.loginGuessesPerKnownAddress,
            'INVALID_CREDENTIALS',
            work,
          )
        : limitGuesses(
            reply,
            'login',
            `login:account:${email}`,
            rateRules.loginGuessesPerAccount,
            'INVALID_CREDENTIALS',
            work,
          ));
      if (!familiar) await limiter.hit(known, rateRules.knownAddress);
      return result;
    },
  };
}
