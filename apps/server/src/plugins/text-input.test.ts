import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';
import { createTestUser } from '../testing/users';

const t = useTestApp();

const nul = 'Ada\u0000Field';
const loneHigh = 'Ada\ud800';
const loneLow = '\udc00Field';

describe('text the database cannot hold', () => {
  it('is refused with a 400 naming the field, in a query, a JSON body or a path, signed in or not', async () => {
    const customer = await createTestUser(t.database.db, t.config.JWT_SECRET, 'customer');
    const cases = [
      { method: 'GET', url: `/api/products?lat=40&long=-75&q=${encodeURIComponent(nul)}` },
      { method: 'GET', url: `/api/farms/${encodeURIComponent(nul)}` },
      { method: 'POST', url: '/api/forgot', payload: { email: `a${nul}@example.com` } },
      {
        method: 'POST',
        url: '/api/register',
        payload: {
          email: 'surrogate@example.com',
          password: 'a-good-long-password',
          role: 'customer',
          firstName: loneHigh,
          lastName: loneLow,
        },
      },
      {
        method: 'POST',
        url: '/api/login',
        payload: { email: 'x@example.com', password: nul },
      },
      {
        method: 'PATCH',
        url: '/api/me',
        headers: customer.headers,
        payload: { firstName: 'Ada', lastName: loneLow },
      },
      {
        method: 'POST',
        url: '/api/login',
        payload: { email: 'x@example.com', password: 'p', [`key${nul}`]: 1 },
      },
    ] as const;
    for (const request of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        message: expect.stringMatching(/must not contain NUL or unpaired surrogate characters$/),
      });
    }
  });

  it('names the field that holds it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email: 'a@example.com',
        password: 'long-enough-1',
        role: 'customer',
        firstName: nul,
        lastName: 'F',
      },
    });
    expect(res.json().details).toEqual([
      { field: 'firstName', message: 'must not contain NUL or unpaired surrogate characters' },
    ]);
  });

  it('lets through characters outside the basic plane, right-to-left and zero-width ones', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products?lat=40&long=-75&q=${encodeURIComponent('🥕 \u202e\u200b carrots')}`,
    });
    expect(res.statusCode).toBe(200);
  });
});

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

describe('every route of the OpenAPI document', () => {
  it('answers NUL and lone surrogates in its path, query and JSON body with a 400, never a 5xx', async () => {
    // An admin passes the guards that some route groups run before validation.
    const admin = await createTestUser(t.database.db, t.config.JWT_SECRET, 'admin');
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    let routes = 0;
    let requests = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        routes++;
        const parameters = operation.parameters ?? [];
        const json = operation.requestBody?.content?.['application/json']?.schema?.properties;
        for (const bad of [nul, loneHigh, loneLow]) {
          const inPath = parameters.filter((p) => p.in === 'path');
          const inQuery = parameters.filter((p) => p.in === 'query');
          const url = path.replace(/\{(\w+)\}/g, () =>
            bad === nul ? encodeURIComponent(nul) : 'x',
          );
          const query =
            bad === nul ? inQuery.map((p) => `${p.name}=${encodeURIComponent(nul)}`).join('&') : '';
          const payload = json
            ? Object.fromEntries(Object.keys(json).map((name) => [name, bad]))
            : undefined;
          const sendsBad = (bad === nul && (inPath.length > 0 || inQuery.length > 0)) || payload;
          // A path or query can carry a NUL; a lone surrogate only travels in a JSON body.
          if (!sendsBad) continue;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: query ? `${url}?${query}` : url,
            headers: admin.headers,
            ...(payload ? { payload } : {}),
          });
          requests++;
          expect(res.statusCode, `${method.toUpperCase()} ${path}`).toBe(400);
          expect(res.json().code).toBe('VALIDATION');
        }
      }
    }
    console.info(`text the database cannot hold: ${routes} routes, ${requests} requests, no 5xx`);
    expect(requests).toBeGreaterThan(50);
  });
});
