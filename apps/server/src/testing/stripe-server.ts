import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// Stripe's example objects as its API reference prints them, kept with the tests.
const fixtures = JSON.parse(
  readFileSync(new URL('./fixtures/stripe-objects.json', import.meta.url), 'utf8'),
).resources as Record<string, Record<string, unknown>>;

/** Stripe's own example object of a kind, with the fields a test sets. */
export function stripeFixture(kind: string, fields: Record<string, unknown> = {}) {
  const fixture = fixtures[kind];
  if (!fixture) throw new Error(`no Stripe fixture for ${kind}`);
  return { ...structuredClone(fixture), ...fields };
}

export interface StripeCall {
  method: string;
  path: string;
  /** The form-encoded body, as Stripe's API receives it. */
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

type Answer = { status?: number; body: unknown };

/**
 * A local HTTP server that speaks Stripe's wire format: it records each call and answers with
 * `respond`, so that the real `stripe` SDK can be tested without the network.
 */
export async function startStripeServer(
  respond: (call: StripeCall) => Answer,
): Promise<{ url: string; calls: StripeCall[]; close(): Promise<void> }> {
  const calls: StripeCall[] = [];
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const call: StripeCall = {
      method: request.method ?? 'GET',
      path: url.pathname,
      form: new URLSearchParams(Buffer.concat(chunks).toString('utf8') || url.search),
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    };
    calls.push(call);
    const answer = respond(call);
    response.writeHead(answer.status ?? 200, {
      'content-type': 'application/json',
      'request-id': `req_${calls.length}`,
    });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
