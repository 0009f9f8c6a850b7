import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();

/** Every billing route, with the refusals it documents. */
const documented: [string, string, string[]][] = [
  ['get', '/api/plans', ['200']],
  ['post', '/api/subscriptions', ['201', '400', '401', '403', '409']],
  ['get', '/api/subscriptions/current', ['200', '401', '403']],
  ['get', '/api/subscriptions/{id}', ['200', '400', '401', '404']],
  ['post', '/api/subscriptions/{id}/cancel', ['200', '400', '401', '404']],
  ['post', '/api/subscriptions/{id}/change-plan', ['200', '400', '401', '404', '409']],
  ['get', '/api/subscriptions/{id}/billing-history', ['200', '401', '404']],
  ['patch', '/api/subscriptions/{id}/marketing-preferences', ['200', '400', '401', '404']],
  ['get', '/api/payment-methods', ['200', '401', '403']],
  ['post', '/api/payment-methods', ['201', '400', '401', '403']],
  ['delete', '/api/payment-methods/{id}', ['200', '401', '404']],
  ['post', '/api/shop/subscription/subscribe', ['200', '400', '401', '404', '409']],
  ['get', '/api/sub_status', ['200', '400', '401', '404']],
  ['post', '/api/webhooks/stripe', ['200', '400']],
];

/** The sandbox's checkout pages, served outside /api when no Stripe key is set. */
const sandboxPages: [string, string][] = [
  ['get', '/sandbox/checkout/{id}'],
  ['post', '/sandbox/checkout/{id}'],
];

describe('the OpenAPI document', () => {
  it('lists every billing route with its errors', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [method, path, statuses] of documented) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(statuses));
    }
    for (const [method, path] of sandboxPages) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
