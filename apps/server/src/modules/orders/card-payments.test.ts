import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../jobs/jobs.schema';
import { createWorker } from '../../jobs/worker';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { pickupCart, placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { useTestCast } from '../../testing/users';
import { farmDailyStats } from '../analytics/analytics.schema';
import { createSandboxProvider, databaseSandboxStore, signLikeStripe } from '../payments';
import { sandboxRecords } from '../payments/payments.schema';
import { products } from '../products/products.schema';
import { registerCardPaymentJobs } from './card-payments';
import { orderStatusHistory, orders } from './orders.schema';

const WEBHOOK_SECRET = 'whsec_card_payments';
// The sandbox signs its events at the app's time, which the webhook checks against the real one.
const start = new Date(Math.floor(Date.now() / 1000) * 1000);
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
const t = useTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, { clock: () => start });
const cast = useTestCast(t);
const quietLog = { warn: vi.fn(), error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

let connectedFarm: string;
let kale: string;
let otherFarm: string;
let carrots: string;

const form = (fields: Record<string, string>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  body: new URLSearchParams(fields).toString(),
});
const goodCard = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Cam' };
const declinedCard = { ...goodCard, number: '4000 0000 0000 0002' };

async function connectPayouts(farmId: string) {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/farms/${farmId}/payouts/onboarding`,
    headers: cast.owner.headers,
  });
  expect(started.statusCode).toBe(200);
  const path = new URL(started.json().url).pathname;
  const done = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  if (done.statusCode !== 303) throw new Error(done.body);
  return { path, done };
}

async function stockOf(productId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock ?? -1;
}

async function orderRow(id: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

async function historyOf(id: string) {
  const rows = await t.database.db
    .select({ status: orderStatusHistory.status, reason: orderStatusHistory.reason })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(orderStatusHistory.at, orderStatusHistory.id);
  return rows;
}

async function cardOrder(quantity = 2) {
  const res = await placeOrder(t, cast.customer, {
    ...pickupCart(connectedFarm, [{ productId: kale, quantity }]),
    payment: 'card',
  });
  expect(res.statusCode).toBe(201);
  const answer = res.json();
  return { answer, order: answer.orders[0], checkoutPath: new URL(answer.url).pathname };
}

function pay(checkoutPath: string, card = goodCard) {
  const { body, ...headers } = form(card);
  return t.app.inject({ method: 'POST', url: checkoutPath, headers, payload: body });
}

/** Two workers, as two server processes would run them, with the clock moved to `now`. */
async function runWorkersAt(now: Date) {
  const clock = () => now;
  const payments = createSandboxProvider({
    store: databaseSandboxStore(t.database.db),
    webhookSecret: WEBHOOK_SECRET,
    publicUrl: t.config.PUBLIC_URL,
  });
  const workers = [1, 2].map(() => createWorker({ database: t.database, log: quietLog, clock }));
  for (const worker of workers) {
    registerCardPaymentJobs(worker, {
      db: t.database.db,
      payments,
      clock,
      publicUrl: t.config.PUBLIC_URL,
    });
  }
  await Promise.all(workers.map((worker) => worker.drain()));
}

/** The card farm's orders and revenue, over every day. */
async function farmFigures() {
  const rows = await t.database.db
    .select()
    .from(farmDailyStats)
    .where(eq(farmDailyStats.farmId, connectedFarm));
  return {
    orders: rows.reduce((sum, row) => sum + row.orders, 0),
    revenueCents: rows.reduce((sum, row) => sum + row.revenueCents, 0),
  };
}

function deliver(type: string, object: Record<string, unknown>, id: string) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signLikeStripe(payload, WEBHOOK_SECRET),
    },
    payload,
  });
}

beforeAll(async () => {
  connectedFarm = await createTestFarm(t, cast.owner, {
    name: 'Card Farm',
    location: { lat: 45.5, lng: -122.6 },
  });
  kale = await createTestProduct(t, cast.owner, connectedFarm, {
    name: 'Kale',
    price: 3.5,
    unit: 'bunch',
    categorySlug: 'vegetables',
    stock: 100,
  });
  otherFarm = await createTestFarm(t, cast.owner, {
    name: 'Cash Farm',
    location: { lat: 45.5, lng: -122.6 },
  });
  carrots = await createTestProduct(t, cast.owner, otherFarm, {
    name: 'Carrots',
    price: 2,
    unit: 'lb',
    categorySlug: 'vegetables',
    stock: 10,
  });
});

describe('connecting payouts', () => {
  it('opens an account, onboards it in one click, and the farm then takes cards', async () => {
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/farms/${connectedFarm}/payouts`,
        headers: cast.owner.headers,
      });
    expect((await read()).json()).toEqual({ payouts: { state: 'not_connected' } });

    const { path, done } = await connectPayouts(connectedFarm);
    expect(path).toMatch(/^\/sandbox\/connect\/acct_sandbox_/);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `${t.config.PUBLIC_URL}/farmers/dashboard?farm=${connectedFarm}&payouts=done`,
    );
    expect((await read()).json()).toEqual({ payouts: { state: 'connected' } });

    const page = await t.app.inject({ method: 'GET', url: `/api/farms/${connectedFarm}` });
    expect(page.json().farm).toMatchObject({ cardPayments: true, payouts: null });
    const other = await t.app.inject({ method: 'GET', url: `/api/farms/${otherFarm}` });
    expect(other.json().farm.cardPayments).toBe(false);
  });

  it('is the owner’s: another farmer and customers get 404, guests 401', async () => {
    for (const [user, status] of [
      [cast.otherFarmer, 404],
      [cast.customer, 404],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/farms/${otherFarm}/payouts/onboarding`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(status);
    }
    const guest = await t.app.inject({ method: 'GET', url: `/api/farms/${otherFarm}/payouts` });
    expect(guest.statusCode).toBe(401);
    const [farm] = await t.database.db
      .select()
      .from(sandboxRecords)
      .where(eq(sandboxRecords.kind, 'account'));
    expect(farm?.data).toMatchObject({ metadata: { farmId: connectedFarm } });
  });
});

describe('paying by card at checkout', () => {
  it('refuses a farm that does not take cards, and takes nothing', async () => {
    const before = await stockOf(carrots);
    const res = await placeOrder(t, cast.customer, {
      ...pickupCart(otherFarm, [{ productId: carrots, quantity: 1 }]),
      payment: 'card',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CARD_NOT_ACCEPTED',
      message: 'Cash Farm does not take card payments yet; choose pay at pickup',
    });
    expect(await stockOf(carrots)).toBe(before);
  });

  it('holds the stock while the order awaits payment; a declined card changes nothing; a good one places it', async () => {
    const before = await stockOf(kale);
    const { answer, order, checkoutPath } = await cardOrder(2);
    expect(answer.message).toBe('Pay by card to place your order');
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      payment: 'card',
      paymentStatus: 'pending',
      paymentUrl: answer.url,
      paymentDueAt: minutes(30).toISOString(),
      total: 7,
    });
    expect(checkoutPath).toMatch(/^\/sandbox\/checkout\/cs_sandbox_/);
    expect(await stockOf(kale)).toBe(before - 2);

    const page = await t.app.inject({ method: 'GET', url: checkoutPath });
    expect(page.body).toContain('Card Farm');
    expect(page.body).toContain('$7.00');

    const declined = await pay(checkoutPath, declinedCard);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(await orderRow(order.id)).toMatchObject({ status: 'awaiting_payment' });

    const paid = await pay(checkoutPath);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${t.config.PUBLIC_URL}/orders/${order.id}?payment=done`);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'placed', paymentStatus: 'paid' });
    expect(row.paymentIntentId).toMatch(/^pi_sandbox_/);
    // The test's clock stands still, so both entries share one time: compared as a set.
    expect((await historyOf(order.id)).map((entry) => entry.status).sort()).toEqual([
      'awaiting_payment',
      'placed',
    ]);
    expect(await stockOf(kale)).toBe(before - 2);
  });

  it('pays the farm’s connected account, and the webhook confirms exactly once', async () => {
    const { order, checkoutPath } = await cardOrder(1);
    const before = await farmFigures();
    await pay(checkoutPath);
    const row = await orderRow(order.id);
    const [session] = await t.database.db
      .select()
      .from(sandboxRecords)
      .where(eq(sandboxRecords.id, row.paymentSessionId ?? ''));
    const [account] = await t.database.db
      .select()
      .from(sandboxRecords)
      .where(eq(sandboxRecords.kind, 'account'));
    expect(session?.data).toMatchObject({
      mode: 'payment',
      amount_total: 350,
      payment_intent_data: { transfer_data: { destination: account?.id } },
    });

    // The provider delivers again, and both kinds of event say the same payment.
    const [intent] = await t.database.db
      .select()
      .from(sandboxRecords)
      .where(eq(sandboxRecords.id, row.paymentIntentId ?? ''));
    const again = [
      await deliver('checkout.session.completed', session?.data ?? {}, 'evt_again_1'),
      await deliver('checkout.session.completed', session?.data ?? {}, 'evt_again_1'),
      await deliver('payment_intent.succeeded', intent?.data ?? {}, 'evt_again_2'),
    ];
    expect(again.map((res) => res.json())).toEqual([
      { received: true, applied: true },
      { received: true, applied: false },
      { received: true, applied: true },
    ]);
    // The test's clock stands still, so both entries share one time: compared as a set.
    expect((await historyOf(order.id)).map((entry) => entry.status).sort()).toEqual([
      'awaiting_payment',
      'placed',
    ]);
    // The farm's figures count it once, when paid.
    expect(await farmFigures()).toEqual({
      orders: before.orders + 1,
      revenueCents: before.revenueCents + 350,
    });
    const placedMails = (
      await t.database.db.select().from(jobs).where(eq(jobs.kind, 'order.mail'))
    ).filter((job) => {
      const payload = job.payload as { orderId: string; event: string };
      return payload.orderId === order.id && payload.event === 'placed';
    });
    // Queued once (the app's worker may already have sent it, removing the row: at most one).
    expect(placedMails.length).toBeLessThanOrEqual(1);
  });

  it('releases an unpaid order after 30 minutes, returning its stock exactly once with two workers', async () => {
    const before = await stockOf(kale);
    const { order, checkoutPath } = await cardOrder(3);
    expect(await stockOf(kale)).toBe(before - 3);

    await runWorkersAt(minutes(29));
    expect(await orderRow(order.id)).toMatchObject({ status: 'awaiting_payment' });

    await runWorkersAt(minutes(31));
    await runWorkersAt(minutes(32));
    expect(await orderRow(order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
      paymentUrl: null,
    });
    expect(await stockOf(kale)).toBe(before);
    expect(await historyOf(order.id)).toEqual([
      { status: 'awaiting_payment', reason: null },
      { status: 'cancelled', reason: 'Not paid within 30 minutes' },
    ]);
    // Nobody can pay for it any more.
    const page = await t.app.inject({ method: 'GET', url: checkoutPath });
    expect(page.statusCode).toBe(404);
  });

  it('lets the shopper give up an unpaid order; the farmer cannot move it before payment', async () => {
    const before = await stockOf(kale);
    const { order } = await cardOrder(1);
    const farmer = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: cast.owner.headers,
      payload: { status: 'confirmed' },
    });
    expect(farmer.statusCode).toBe(409);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: cast.customer.headers,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(kale)).toBe(before);
    // Nothing is left to pay on an order given up.
    expect(cancelled.json().order).toMatchObject({ paymentStatus: 'unpaid', paymentUrl: null });
  });

  it('refunds a paid order when it is cancelled, once', async () => {
    const { order, checkoutPath } = await cardOrder(1);
    await pay(checkoutPath);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: cast.owner.headers,
      payload: { status: 'cancelled', reason: 'Hail took the kale' },
    });
    expect(cancelled.statusCode).toBe(200);
    await t.app.jobs.drain();
    await runWorkersAt(minutes(40));
    const row = await orderRow(order.id);
    expect(row.paymentStatus).toBe('refunded');
    const refunds = await t.database.db
      .select()
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.kind, 'refund')));
    const own = refunds.filter(
      (refund) =>
        (refund.data as { payment_intent: string }).payment_intent === row.paymentIntentId,
    );
    expect(own).toHaveLength(1);
    expect(own[0]?.data).toMatchObject({ amount: 350, status: 'succeeded' });
  });

  it('keeps a paid order paid when an older failure arrives after the success, and takes a refund the provider reports', async () => {
    const { order, checkoutPath } = await cardOrder(1);
    await pay(checkoutPath);
    const row = await orderRow(order.id);
    const [intent] = await t.database.db
      .select()
      .from(sandboxRecords)
      .where(eq(sandboxRecords.id, row.paymentIntentId ?? ''));
    const failed = { ...(intent?.data as object), status: 'requires_payment_method' };
    const late = await deliver('payment_intent.payment_failed', failed, `evt_late_${order.id}`);
    expect(late.json()).toEqual({ received: true, applied: true });
    expect(await orderRow(order.id)).toMatchObject({ status: 'placed', paymentStatus: 'paid' });

    // Cancelled, the order waits for its refund; the provider's word that it was refunded settles it
    // whether or not the refund job has run (here it has not).
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: cast.owner.headers,
      payload: { status: 'cancelled', reason: 'The farm stand flooded' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    await databaseSandboxStore(t.database.db).put(row.paymentIntentId ?? '', 'payment_intent', {
      ...(intent?.data as object),
      amount_refunded: 350,
    });
    const charge = { id: `ch_${order.id}`, object: 'charge', payment_intent: row.paymentIntentId };
    await deliver('charge.refunded', charge, `evt_refunded_${order.id}`);
    expect((await orderRow(order.id)).paymentStatus).toBe('refunded');
  });

  it('places no unpaid order on an event that says it was paid, tampered or signed', async () => {
    const { order } = await cardOrder(1);
    const row = await orderRow(order.id);
    const [session] = await t.database.db
      .select()
      .from(sandboxRecords)
      .where(eq(sandboxRecords.id, row.paymentSessionId ?? ''));
    const claim = { ...(session?.data as object), status: 'complete', payment_status: 'paid' };
    const event = (object: object) =>
      JSON.stringify({
        id: 'evt_claim',
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
    // The provider's own event about the open session, edited to say paid after it was signed.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signLikeStripe(event(session?.data as object), WEBHOOK_SECRET),
      },
      payload: event(claim),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('WEBHOOK_INVALID');
    // Even correctly signed, an event only points at a payment: the provider is asked, says unpaid.
    const signed = await deliver('checkout.session.completed', claim, 'evt_claim');
    expect(signed.statusCode).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'awaiting_payment',
      paymentStatus: 'pending',
    });
  });
});
