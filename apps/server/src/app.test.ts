import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app';
import { useTestApp } from './testing/test-app';

const t = useTestApp();

describe('the service shell', () => {
  it('answers the health check with the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      browse: 'ready',
    });
  });

  it('gives unknown API routes a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'Route not found: GET /api/no-such-thing',
      code: 'ROUTE_NOT_FOUND',
    });
  });

  it('refuses a malformed JSON body with a 400, not a 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Request body is not valid JSON', code: 'VALIDATION' });
  });

  it('sends headers that stop sniffing, framing and leaking full URLs', async () => {
    for (const url of ['/api/health', '/api/no-such-thing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
      });
    }
  });

  it('names the field of a wrong type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?lat=north&long=-122.6' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toMatch(/^lat: /);
    expect(body.details[0].field).toBe('lat');
  });

  it('refuses a string longer than 10,485,760 bytes with a 413', async () => {
    const payload = JSON.stringify({ note: 'x'.repeat(BODY_LIMIT_BYTES + 1) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'Request body is too large (10 MiB at most)',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('publishes an OpenAPI 3 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/products'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'lat', in: 'query' })]),
    );
    // Every shopping route is documented, with its refusals.
    for (const [path, method] of [
      ['/api/orders', 'post'],
      ['/api/orders', 'get'],
      ['/api/orders/{id}', 'get'],
      ['/api/orders/{id}/status', 'patch'],
      ['/api/farms/{id}/pick-list', 'get'],
      ['/api/farms/{id}/pickup-slots', 'get'],
      ['/api/preorders', 'get'],
      ['/api/preorders', 'post'],
      ['/api/preorders/{id}', 'put'],
      ['/api/preorders/{id}', 'delete'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.responses, `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/orders'].post.responses['409']).toBeDefined();
    expect(doc.paths['/api/orders'].post.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header' })]),
    );
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBeLessThan(400);
  });
});
