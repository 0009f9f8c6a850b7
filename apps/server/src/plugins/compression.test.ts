import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app';

const script = `console.log(${JSON.stringify('furrow '.repeat(400))});`;
const page = `<!doctype html><title>Furrow</title><script src="/assets/app-3f9a.js"></script>${' '.repeat(2000)}`;
const welcome = page.replace('<title>Furrow</title>', '<title>Furrow · Welcome</title>');
const farmPage = page.replace('<title>Furrow</title>', '<title>Furrow · Farm</title>');

/** A build as the web app's makes it: each file with its brotli and gzip copies beside it. */
function webDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'furrow-web-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'pages', 'welcome'), { recursive: true });
  mkdirSync(join(root, 'pages', 'farms', '[id]'), { recursive: true });
  for (const [path, content] of [
    ['index.html', page],
    ['pages/welcome/index.html', welcome],
    ['pages/farms/[id]/index.html', farmPage],
    ['assets/app-3f9a.js', script],
  ] as const) {
    writeFileSync(join(root, path), content);
    writeFileSync(join(root, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(root, `${path}.gz`), gzipSync(content));
  }
  return root;
}

describe('compression', () => {
  const t = useTestApp({ WEB_DIST: webDist() });

  it('sends API answers in brotli or gzip as the client takes them, and as they are otherwise', async () => {
    const plain = await t.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await t.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers uncompressed', async () => {
    const health = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('sends a hashed asset precompressed, cached for a year', async () => {
    const asset = await t.app.inject({
      url: '/assets/app-3f9a.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);

    const gzip = await t.app.inject({
      url: '/assets/app-3f9a.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ url: '/assets/app-3f9a.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the app page precompressed and never cached without revalidation, at any path', async () => {
    for (const url of ['/', '/products/some-product']) {
      const answer = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(page);
    }
  });

  it('sends a page the build prerendered for its own path only, revalidated like the app page', async () => {
    for (const url of ['/welcome', '/welcome/']) {
      const answer = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(welcome);
    }
    const other = await t.app.inject({ url: '/welcome/else' });
    expect(other.body).toBe(page);
  });

  it("sends a route's page the build made for an id in its last part for every such address", async () => {
    for (const url of ['/farms/some-farm', '/farms/another-farm/']) {
      const answer = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(farmPage);
    }
    for (const url of ['/farms', '/farms/some-farm/else', '/products/some-farm']) {
      expect((await t.app.inject({ url })).body).toBe(page);
    }
  });
});
