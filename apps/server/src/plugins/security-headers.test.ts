import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** A built web app of two files, enough for the server to serve pages and assets. */
function webDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'furrow-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><script src="/assets/app.js"></script>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log("furrow")');
  return root;
}

function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers over http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: webDist() });
  });
  afterAll(() => t.close());

  const answers = [
    ['the app page', '/'],
    ['a deep link', '/farmers/dashboard'],
    ['a script', '/assets/app.js'],
    ['an API answer', '/api/health'],
    ['an API error', '/api/no-such-thing'],
    ['a refused request', '/api/products?lat=north&long=1'],
    ['the API reference', '/api/docs/static/index.html'],
  ] as const;

  it.each(answers)('puts one Content-Security-Policy on %s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    expect(directives(res.headers['content-security-policy'])).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https://accounts.google.com/gsi/client'],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'", 'https://accounts.google.com/gsi/'],
      'frame-src': ['https://accounts.google.com/gsi/'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://furrow.example' });
  });
  afterAll(() => t.close());

  it('adds HSTS for this host and upgrades insecure requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(directives(res.headers['content-security-policy'])).toMatchObject({
      'upgrade-insecure-requests': [],
      'script-src': ["'self'", 'https://accounts.google.com/gsi/client'],
    });
  });
});
