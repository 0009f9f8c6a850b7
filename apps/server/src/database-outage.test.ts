import { afterAll, describe, expect, it } from 'vitest';
import { allOrdersMailed, countOrderMails } from './testing/order-mail-count';
import { type SentOrder, sendOrder } from './testing/order-stream';
import { postgresData, seedShop, snapshotOf } from './testing/process-data';
import { killStartedServers, startServer, waitFor } from './testing/server-process';
import { smtpSink } from './testing/smtp-sink';
import { tcpProxy } from './testing/tcp-proxy';

/**
 * PostgreSQL stopping mid-run: a server process reaches its database through a relay
 * the test cuts (every connection dropped, new ones refused) and restores. While cut, requests
 * answer 503 UNAVAILABLE at once rather than hang; once restored, the same process serves again
 * and the jobs queued before the cut still run. The machine's PostgreSQL is never stopped.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) console.info('PostgreSQL outage skipped: TEST_DATABASE_URL is not set');

afterAll(killStartedServers);

const unavailable = {
  code: 'UNAVAILABLE',
  message: 'Furrow cannot reach its database just now. Please try again in a moment.',
};

describe.skipIf(!adminUrl)('PostgreSQL stopping and coming back', () => {
  it('answers 503 while it is gone, and serves again when it is back', {
    timeout: 200_000,
  }, async () => {
    const data = await postgresData(adminUrl as string);
    const sink = await smtpSink();
    await sink.open();
    const direct = new URL(data.env.DATABASE_URL as string);
    const proxy = await tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    try {
      const shop = await seedShop(data, { stocks: [50], customers: 1 });
      const proxied = new URL(direct);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      const server = await startServer({
        ...data.env,
        DATABASE_URL: proxied.toString(),
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      });
      // No answer at all means the process died: say how, from its own last words.
      const health = () =>
        fetch(`${server.url}/api/health`).catch((error: unknown) => {
          throw new Error(`no answer: ${server.output.slice(-20).join('\n')}`, { cause: error });
        });
      const [product] = shop.products;
      const [customer] = shop.customers;
      if (!product || !customer) throw new Error('shop not seeded');
      const order = (key: string) =>
        sendOrder(server.url, {
          key,
          customer,
          body: {
            items: [{ productId: product.id, quantity: 1 }],
            fulfilment: [{ farmId: shop.farmId, method: 'pickup' }],
          },
        });

      expect((await health()).status).toBe(200);
      const before = await order('before-the-cut');
      expect(before.status).toBe(201);

      await proxy.cut();
      const during: SentOrder[] = [];
      let slowestMs = 0;
      for (let i = 0; i < 5; i++) {
        const asked = Date.now();
        const res = await health();
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual(unavailable);
        const refused = await order(`during-the-cut-${i}`);
        expect(refused.status).toBe(503);
        during.push(refused);
        slowestMs = Math.max(slowestMs, Date.now() - asked);
      }
      // Refused at once, not after a timeout: the pool does not wait on a database that is gone.
      expect(slowestMs).toBeLessThan(5_000);

      await proxy.restore();
      const restored = Date.now();
      expect(await waitFor(async () => (await health()).status === 200, 20_000)).toBe(true);
      const backAfterMs = Date.now() - restored;
      const after = await order('after-the-cut');
      expect(after.status).toBe(201);
      // A key refused during the cut was never kept: sent again, it makes its order now.
      const retried = await order('during-the-cut-0');
      expect(retried.status).toBe(201);

      const placed = [before, after, retried].flatMap((sent) => sent.orders);
      const numbers = placed.map((o) => o.number);
      expect(await waitFor(() => allOrdersMailed(numbers, sink.delivered()), 20_000)).toBe(true);
      await server.stop();

      const stored = await snapshotOf(data, shop);
      expect(new Set(stored.orders.map((o) => o.id))).toEqual(new Set(placed.map((o) => o.id)));
      expect(stored.stock.get(product.id)).toBe(product.stock - placed.length);
      const counts = countOrderMails(sink.delivered());
      for (const number of numbers) expect(counts.get(number)).toEqual({ customer: 1, farm: 1 });

      console.info(
        `PostgreSQL outage: ${2 + during.length + 1} orders sent, ${placed.length} acknowledged, ` +
          `${stored.orders.length} found; ${during.length * 2} requests while cut, all 503 within ` +
          `${slowestMs} ms; serving again ${backAfterMs} ms after the database came back; ` +
          `${sink.delivered().length} e-mails delivered once each`,
      );
    } finally {
      await proxy.close();
      await sink.close();
      await data.drop();
    }
  });
});
