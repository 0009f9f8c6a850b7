import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from './jobs/jobs.schema';
import { rateRules } from './modules/auth';
import { orderItems } from './modules/orders/orders.schema';
import { preorders } from './modules/preorders/preorders.schema';
import { products } from './modules/products/products.schema';
import { billingRecords, subscriptions } from './modules/subscriptions/subscriptions.schema';
import { allOrdersMailed, countOrderMails } from './testing/order-mail-count';
import { orderStream, type SentOrder } from './testing/order-stream';
import {
  type ProcessData,
  postgresData,
  type Shop,
  seedShop,
  snapshotOf,
} from './testing/process-data';
import {
  killStartedServers,
  type ServerProcess,
  sleep,
  startServer,
  waitFor,
} from './testing/server-process';
import { type SmtpSink, smtpSink } from './testing/smtp-sink';
import { createTestUser } from './testing/users';

/**
 * Scale-out: two server processes on one PostgreSQL, with REDIS_URL when a Redis is
 * given. Checkouts sent to both for the same stock never oversell, each job runs in one of them
 * once, and the per-address sign-in limit is counted across both.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!adminUrl) console.info('two processes skipped: TEST_DATABASE_URL is not set');
else if (!redisUrl) console.info('shared rate limits skipped: TEST_REDIS_URL is not set');

const STOCKS = [30, 30];

let data: ProcessData;
let sink: SmtpSink;
let shop: Shop;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!adminUrl) return;
  data = await postgresData(adminUrl);
  sink = await smtpSink();
  await sink.open();
  shop = await seedShop(data, { stocks: STOCKS, customers: 8 });
  const env = {
    ...data.env,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    // The test speaks for many addresses through X-Forwarded-For, as a load balancer would.
    TRUST_PROXY: 'loopback',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 200_000);

afterAll(async () => {
  await killStartedServers();
  await sink?.close();
  await data?.drop();
});

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  it('never oversell stock both sell, and send each order e-mail once', {
    timeout: 120_000,
  }, async () => {
    let answered = 0;
    const sent: SentOrder[] = await orderStream({
      servers: servers.map((server) => server.url),
      shop,
      lanes: 16,
      stop: () => answered >= 120,
      onAnswer: () => answered++,
    });
    for (const order of sent) expect([201, 409]).toContain(order.status);
    const placed = sent.filter((order) => order.status === 201);

    const stored = await snapshotOf(data, shop);
    const soldInAnswers = new Map<string, number>();
    for (const order of placed) {
      for (const item of order.body.items) {
        soldInAnswers.set(item.productId, (soldInAnswers.get(item.productId) ?? 0) + item.quantity);
      }
    }
    for (const product of shop.products) {
      const stock = stored.stock.get(product.id) ?? Number.NaN;
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(stored.sold.get(product.id) ?? 0).toBe(soldInAnswers.get(product.id) ?? 0);
      expect(stock).toBe(product.stock - (soldInAnswers.get(product.id) ?? 0));
    }
    const placedIds = placed.flatMap((order) => order.orders.map((o) => o.id));
    expect(new Set(stored.orders.map((o) => o.id))).toEqual(new Set(placedIds));

    // Both workers claim from one queue: every e-mail leaves from one of them, once.
    const numbers = placed.flatMap((order) => order.orders.map((o) => o.number));
    expect(await waitFor(() => allOrdersMailed(numbers, sink.delivered()), 30_000)).toBe(true);
    await sleep(1500);
    const counts = countOrderMails(sink.delivered());
    for (const number of numbers) expect(counts.get(number)).toEqual({ customer: 1, farm: 1 });
    expect(counts.size).toBe(numbers.length);

    const units = STOCKS.reduce((total, stock) => total + stock, 0);
    console.info(
      `two processes: ${sent.length} orders sent to both, ${placed.length} acknowledged, ` +
        `${stored.orders.length} found; ${units - [...stored.stock.values()].reduce((a, b) => a + b, 0)} ` +
        `of ${units} units sold, none oversold; ${sink.delivered().length} e-mails (jobs) ` +
        'delivered once each',
    );
  });

  it('fill each waiting pre-order once when both add stock at once', {
    timeout: 60_000,
  }, async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const send = (server: ServerProcess, path: string, headers: object, body: object) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const created = await send(one, `/api/product/create/${shop.farmId}`, shop.farmer.headers, {
      name: 'Waiting crate',
      price: 3,
      unit: 'each',
      categorySlug: 'vegetables',
      stock: 0,
    });
    expect(created.status).toBe(201);
    const productId = ((await created.json()) as { product: { id: string } }).product.id;
    // Each customer waits for 2; ten additions of 2, half to each process, all at once.
    for (const customer of shop.customers) {
      const res = await send(one, '/api/preorders', customer.headers, { productId, quantity: 2 });
      expect(res.status).toBe(201);
    }
    const additions = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(i % 2 ? two : one, `/api/products/${productId}/stock`, shop.farmer.headers, {
          delta: 2,
        }),
      ),
    );
    for (const res of additions) expect(res.status).toBe(200);

    const database = await data.open();
    try {
      const { db } = database;
      const waited = await db.select().from(preorders).where(eq(preorders.productId, productId));
      const lines = await db.select().from(orderItems).where(eq(orderItems.productId, productId));
      const [row] = await db.select().from(products).where(eq(products.id, productId));
      const waiting = shop.customers.length;
      expect(waited.map((preorder) => preorder.status)).toEqual(Array(waiting).fill('filled'));
      const orderIds = new Set(waited.map((preorder) => preorder.filledOrderId));
      expect(orderIds.size).toBe(waiting);
      expect(new Set(lines.map((line) => line.orderId))).toEqual(orderIds);
      expect(lines.map((line) => line.quantity)).toEqual(Array(waiting).fill(2));
      expect(row?.stock).toBe(10 * 2 - waiting * 2);
      console.info(
        `pre-order fills across two processes: ${waiting} waiting, 10 additions of 2 sent to both ` +
          `at once, ${orderIds.size} orders made (one each), stock left ${row?.stock}`,
      );
    } finally {
      await database.close();
    }
  });

  it('show in one process a product write made through the other', {
    timeout: 60_000,
  }, async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const stockSeen = async (server: ServerProcess, productId: string) => {
      const res = await fetch(`${server.url}/api/products?lat=45.5&long=-122.6&limit=200`);
      const body = (await res.json()) as { products: { id: string; stock: number }[] };
      return body.products.find((product) => product.id === productId)?.stock;
    };
    const write = (path: string, body: object) =>
      fetch(`${one.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...shop.farmer.headers },
        body: JSON.stringify(body),
      });
    const created = await write(`/api/product/create/${shop.farmId}`, {
      name: 'Crate seen from afar',
      price: 3,
      unit: 'each',
      categorySlug: 'vegetables',
      stock: 4,
    });
    expect(created.status).toBe(201);
    const productId = ((await created.json()) as { product: { id: string } }).product.id;
    // The second process reads the farm's products into memory, then hears of each change.
    await expect.poll(() => stockSeen(two, productId)).toBe(4);
    expect((await write(`/api/products/${productId}/stock`, { stock: 9 })).status).toBe(200);
    await expect.poll(() => stockSeen(two, productId)).toBe(9);
    expect((await write(`/api/products/${productId}/visibility`, { hidden: true })).status).toBe(
      200,
    );
    await expect.poll(() => stockSeen(two, productId)).toBeUndefined();
  });

  it('end a trial once when both workers could take its charge', { timeout: 60_000 }, async () => {
    const [one] = servers as [ServerProcess];
    const database = await data.open();
    try {
      const { db } = database;
      const farmer = await createTestUser(db, data.env.JWT_SECRET ?? '', 'farmer', { plan: null });
      const post = (path: string, body: object) =>
        fetch(`${one.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...farmer.headers },
          body: JSON.stringify(body),
        });
      expect(
        (await post('/api/payment-methods', { type: 'card', brand: 'visa', last4: '4242' })).status,
      ).toBe(201);
      const started = await post('/api/subscriptions', {
        planId: 'basic',
        billingCycle: 'monthly',
      });
      expect(started.status).toBe(201);
      const id = ((await started.json()) as { subscription: { id: string } }).subscription.id;
      // The trial's end has come: its charge is due now, for both processes' workers to claim.
      const charge = and(
        eq(jobs.kind, 'subscription-charge'),
        sql`${jobs.payload}->>'subscriptionId' = ${id}`,
      );
      await db.update(jobs).set({ runAt: new Date() }).where(charge);
      const records = () =>
        db.select().from(billingRecords).where(eq(billingRecords.subscriptionId, id));
      expect(await waitFor(async () => (await records()).length > 0, 20_000)).toBe(true);
      await sleep(2_500);
      expect(await records()).toMatchObject([{ status: 'paid' }]);
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      expect(row?.status).toBe('active');
      const queued = await db.select().from(jobs).where(charge);
      // Done jobs are deleted: what is left is the next cycle's charge, queued once.
      expect(queued).toMatchObject([{ status: 'queued' }]);
      expect(queued[0]?.runAt.getTime()).toBeGreaterThan(Date.now());
      console.info(
        `trial ending across two processes: 1 charge job due, ${(await records()).length} billing record, status ${row?.status}`,
      );
    } finally {
      await database.close();
    }
  });

  it.skipIf(!redisUrl)(
    'count the sign-ins of one address together',
    { timeout: 120_000 },
    async () => {
      // An address of the documentation range, new each run: counts in a shared Redis start at zero.
      const address = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;
      const limit = rateRules.loginPerIp.limit;
      const signIn = (server: ServerProcess, i: number) =>
        fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          // A different unknown account each time, so only the per-address limit is reached.
          body: JSON.stringify({
            email: `nobody-${i}-${randomBytes(4).toString('hex')}@test.furrow`,
            password: 'not-the-password',
          }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < limit; i += 10) {
        const batch = await Promise.all(
          Array.from({ length: 10 }, (_, j) =>
            signIn(servers[(i + j) % 2] as ServerProcess, i + j),
          ),
        );
        statuses.push(...batch.map((res) => res.status));
      }
      // Half went to each process; alone, neither has reached the limit.
      expect(statuses.filter((status) => status === 401)).toHaveLength(limit);
      for (const server of servers) {
        const res = await signIn(server, limit);
        expect(res.status).toBe(429);
        statuses.push(res.status);
      }
      console.info(
        `shared rate limits: ${statuses.length} sign-ins from one address to two processes, ` +
          `${limit} let through (the limit), then 429 from both`,
      );
    },
  );
});
