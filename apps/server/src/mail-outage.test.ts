import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from './jobs/jobs.schema';
import { orders } from './modules/orders/orders.schema';
import { createTestFarm, createTestProduct } from './testing/farms';
import { allOrdersMailed, countOrderMails } from './testing/order-mail-count';
import { pickupCart, placeOrder } from './testing/orders';
import { waitFor } from './testing/server-process';
import { type SmtpSink, smtpSink } from './testing/smtp-sink';
import { createTestApp, type TestApp } from './testing/test-app';
import { createTestUser, type TestUser } from './testing/users';

/**
 * SMTP refusing: orders are taken while the mail server is away, and their e-mails wait
 * in the job queue, retried with a doubling wait, until it answers; then each leaves once. The
 * queue's real timing is used (10 s, then 20 s), so the file takes about half a minute.
 *
 * First nothing listens on the mail port (connection refused), then a mail server answers every
 * message with 451 "try again later", then it takes them.
 */

const ORDERS = 10;
const FIRST_WAIT_MS = 10_000;

let t: TestApp;
let sink: SmtpSink;
let customer: TestUser;
let farmId: string;
let productId: string;

beforeAll(async () => {
  sink = await smtpSink('refuse');
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
  const farmer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'farmer');
  customer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'customer');
  farmId = await createTestFarm(t, farmer, {
    name: 'Quiet Farm',
    location: { lat: 45.5, lng: -122.6 },
  });
  productId = await createTestProduct(t, farmer, farmId, {
    name: 'Leeks',
    price: 2,
    unit: 'bunch',
    categorySlug: 'vegetables',
    stock: 100,
  });
  // PGlite's start and the farm's creation: slow on a busy machine.
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

async function mailJobs() {
  return t.database.db
    .select({
      status: jobs.status,
      attempts: jobs.attempts,
      runAt: jobs.runAt,
      updatedAt: jobs.updatedAt,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .where(eq(jobs.kind, 'send-mail'));
}

/** Every one of the orders' e-mails is queued again after try number `attempts`. */
async function allRetriedAfter(attempts: number): Promise<boolean> {
  const waiting = await mailJobs();
  return (
    waiting.length === 2 * ORDERS &&
    waiting.every((job) => job.status === 'queued' && job.attempts === attempts)
  );
}

describe('a mail server that refuses', () => {
  it('takes the orders, retries their e-mails with a doubling wait, and delivers each once', {
    timeout: 120_000,
  }, async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: ORDERS }, () =>
        placeOrder(t, customer, pickupCart(farmId, [{ productId, quantity: 1 }])),
      ),
    );
    for (const res of answers) expect(res.statusCode).toBe(201);
    const numbers = answers.map((res) => res.json().orders[0].number as string);

    // Nothing listens: each e-mail's first try fails and it waits 10 s.
    expect(await waitFor(() => allRetriedAfter(1), 20_000)).toBe(true);
    for (const job of await mailJobs()) {
      expect(job.lastError).toMatch(/ECONNREFUSED/);
      const wait = job.runAt.getTime() - job.updatedAt.getTime();
      expect(wait).toBe(FIRST_WAIT_MS);
    }
    expect(sink.attempts).toHaveLength(0);

    // A mail server now answers, "451 try again later": the second try fails too, and waits 20 s.
    await sink.open();
    expect(await waitFor(() => allRetriedAfter(2), 30_000)).toBe(true);
    for (const job of await mailJobs()) {
      expect(job.lastError).toMatch(/451/);
      expect(job.runAt.getTime() - job.updatedAt.getTime()).toBe(2 * FIRST_WAIT_MS);
    }
    expect(sink.attempts).toHaveLength(2 * ORDERS);
    expect(sink.delivered()).toHaveLength(0);

    // It takes mail again: each e-mail leaves on its third try, once.
    sink.mode = 'accept';
    expect(await waitFor(() => allOrdersMailed(numbers, sink.delivered()), 40_000)).toBe(true);
    await t.app.jobs.drain();
    expect(await mailJobs()).toEqual([]);
    const stored = await t.database.db.select({ id: orders.id }).from(orders);
    expect(stored).toHaveLength(ORDERS);
    const counts = countOrderMails(sink.delivered());
    for (const number of numbers) expect(counts.get(number)).toEqual({ customer: 1, farm: 1 });
    expect(sink.delivered()).toHaveLength(2 * ORDERS);
    // The third try came a doubled wait after the refused second one.
    for (const delivered of sink.delivered()) {
      const refused = sink.attempts.find(
        (attempt) =>
          !attempt.accepted && attempt.to === delivered.to && attempt.subject === delivered.subject,
      );
      expect(delivered.at - (refused?.at ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(
        2 * FIRST_WAIT_MS - 1000,
      );
    }

    console.info(
      `mail outage (${t.database.kind}): ${ORDERS} orders sent, ${answers.length} acknowledged, ` +
        `${stored.length} found; ${2 * ORDERS} e-mails tried ${sink.attempts.length + 2 * ORDERS} ` +
        `times (refused connection, then 451, then taken), ${sink.delivered().length} delivered, ` +
        `none twice, in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });
});
