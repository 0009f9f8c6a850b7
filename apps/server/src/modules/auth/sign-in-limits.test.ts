import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../adapters/passwords';
import { createTestApp, type TestApp, useTestApp } from '../../testing/test-app';
import { createTestUser } from '../../testing/users';
import { users } from '../users/users.schema';
import { rateRules } from './rate-limits';

const t = useTestApp();
const password = 'parsnip-harvest-42';

async function accountWithPassword(app: TestApp = t): Promise<string> {
  const user = await createTestUser(app.database.db, app.config.JWT_SECRET, 'customer');
  await app.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, user.id));
  return user.email;
}

function signIn(email: string, guess: string, from: string, app: TestApp = t) {
  return app.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: guess },
    remoteAddress: from,
  });
}

// Many addresses, so that the per-address limit never hides the per-account one.
const stranger = (i: number) => `198.51.${(i >> 8) & 255}.${i & 255}`;

async function parallelGuesses(app: TestApp, store: string) {
  const email = await accountWithPassword(app);
  const answers = await Promise.all(
    Array.from({ length: 300 }, (_, i) => signIn(email, `wrong-guess-${i}`, stranger(i), app)),
  );
  const statuses = answers.map((res) => res.statusCode);
  // A 401 is a password actually checked; every other guess was refused before the check.
  const checked = statuses.filter((status) => status === 401).length;
  const refused = statuses.filter((status) => status === 429).length;
  console.info(
    `parallel sign-in guesses (${store}): 300 sent, ${checked} checked, ${refused} refused`,
  );
  expect(checked).toBe(rateRules.loginGuessesPerAccount.limit);
  expect(refused).toBe(300 - checked);
  // The cap holds for the right password too, from any address the account has not used.
  expect((await signIn(email, password, stranger(400), app)).statusCode).toBe(429);
}

describe('sign-in guesses at one account', () => {
  it('cannot pass the cap when 300 are sent at once from 300 addresses', async () => {
    await parallelGuesses(t, 'memory');
  });

  it('does not lock the owner out of an address they signed in from before', async () => {
    const email = await accountWithPassword();
    const home = '203.0.113.7';
    expect((await signIn(email, password, home)).statusCode).toBe(200);
    for (let i = 0; i < 15; i++) await signIn(email, `stranger-${i}`, stranger(i));
    expect((await signIn(email, password, stranger(99))).statusCode).toBe(429);
    expect((await signIn(email, password, home)).statusCode).toBe(200);
  });

  it('still limits guesses from the owner’s own address, and gives a right password its try back', async () => {
    const email = await accountWithPassword();
    const home = '203.0.113.8';
    expect((await signIn(email, password, home)).statusCode).toBe(200);
    const limit = rateRules.loginGuessesPerKnownAddress.limit;
    for (let i = 0; i < limit - 1; i++) {
      expect((await signIn(email, `typo-${i}`, home)).statusCode).toBe(401);
    }
    // Right passwords do not use up the last try.
    expect((await signIn(email, password, home)).statusCode).toBe(200);
    expect((await signIn(email, password, home)).statusCode).toBe(200);
    expect((await signIn(email, 'one-more-typo', home)).statusCode).toBe(401);
    const res = await signIn(email, password, home);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'Too many sign-in attempts. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

// Several processes share their counts in Redis; CI gives one in TEST_REDIS_URL.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.info('sign-in limits in Redis: skipped, TEST_REDIS_URL is not set');

describe.skipIf(!redisUrl)('sign-in guesses counted in Redis', () => {
  let shared: TestApp;
  beforeAll(async () => {
    shared = await createTestApp({ REDIS_URL: redisUrl ?? '' });
  });
  afterAll(() => shared?.close());

  it('cannot pass the cap either', async () => {
    await parallelGuesses(shared, 'redis');
  });
});
