import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '@furrow/domain/images';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDecodeSlots } from './adapters/images';
import { uploadRule } from './plugins/upload-limit';
import { createTestFarm } from './testing/farms';
import { createTestApp, type TestApp, useTestApp } from './testing/test-app';
import { injectFile, makeImage, multipartFile } from './testing/uploads';
import { useTestCast } from './testing/users';

// What an outside probe of the product found, each tried again here as the probe tried it.

const t = useTestApp();
const cast = useTestCast(t);
const location = { lat: 30.27, lng: -97.74 };

describe('a farm’s website', () => {
  it('takes only http and https addresses', async () => {
    const farm = await createTestFarm(t, cast.owner, { name: 'Probe Acres', location });
    for (const website of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      ' javascript:alert(1)',
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/shop/${farm}`,
        headers: cast.owner.headers,
        payload: { contact: { website } },
      });
      expect(res.statusCode, website).toBe(400);
      expect(res.json().message).toMatch(/^contact\.website: must be a web address/);
    }
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/shop/${farm}`,
      headers: cast.owner.headers,
      payload: { contact: { website: 'https://probe-acres.example/' } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().shop.contact.website).toBe('https://probe-acres.example/');
  });
});

describe('internal account ids', () => {
  it('an admin who opens the farmer profile does not become a public farmer', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/farmers/me',
      headers: cast.admin.headers,
    });
    expect(mine.statusCode).toBe(404);
    const publicPage = await t.app.inject({ method: 'GET', url: `/api/farmers/${cast.admin.id}` });
    expect(publicPage.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/farmers?limit=100' });
    expect(list.body).not.toContain(cast.admin.id);
  });
});

describe('an oversized upload', () => {
  let farm: string;
  beforeAll(async () => {
    farm = await createTestFarm(t, cast.owner, { name: 'Upload Acres', location });
  });

  it('is refused with 413 from its Content-Length, before the body is read', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const boundary = 'probe';
    // Says 50 MB, sends a few bytes, and waits: the answer has to come without the rest.
    socket.write(
      [
        `POST /api/shop/${farm}/logo HTTP/1.1`,
        'Host: localhost',
        `Authorization: ${cast.owner.headers.authorization}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${50 * 1024 * 1024}`,
        '',
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`,
      ].join('\r\n'),
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('"code":"IMAGE_TOO_LARGE"');
  });

  it('is refused, not stored cut at 5 MB, when it streams in past the limit', async () => {
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(MAX_IMAGE_BYTES + 1, 7)]);
    const file = multipartFile(big);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shop/${farm}/logo`,
      // No Content-Length to go by: the limit is found while the bytes stream in.
      headers: { ...cast.owner.headers, ...file.headers, 'transfer-encoding': 'chunked' },
      payload: file.payload,
    });
    expect(res.statusCode).toBe(413);
    const shop = await t.app.inject({ method: 'GET', url: `/api/shop/single/${farm}` });
    expect(shop.json().shop.logo).toBeNull();
  });
});

describe('decoding images', () => {
  it('refuses more pixels than a camera makes, from the header', async () => {
    const farm = await createTestFarm(t, cast.owner, { name: 'Pixel Acres', location });
    // 7,000 x 7,000 of one colour: a small file that would be 147 MB decoded.
    const huge = await makeImage('png', { width: 7_000, height: 7_000 });
    expect(huge.length).toBeLessThan(MAX_IMAGE_BYTES);
    const res = await injectFile(
      t,
      { url: `/api/shop/${farm}/logo`, headers: cast.owner.headers },
      huge,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'IMAGE_TOO_LARGE',
      message: 'Images may be at most 24 megapixels (6000 x 4000). Please send a smaller one.',
    });
  });

  it('runs two decodes at a time, lets a few wait and refuses the rest', async () => {
    const inSlot = createDecodeSlots(2, 3);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      inSlot(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      });
    const started = Array.from({ length: 5 }, work);
    await expect(work()).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(started);
    expect(most).toBe(2);
  });

  it('limits how many uploads one person sends', async () => {
    const farm = await createTestFarm(t, cast.otherFarmer, { name: 'Busy Acres', location });
    const notAnImage = Buffer.from('not an image');
    const upload = () =>
      injectFile(
        t,
        { url: `/api/shop/${farm}/logo`, headers: cast.otherFarmer.headers },
        notAnImage,
      );
    const codes: number[] = [];
    for (let i = 0; i <= uploadRule.limit; i++) codes.push((await upload()).statusCode);
    expect(codes.slice(0, uploadRule.limit).every((code) => code === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('the web app’s file fallback', () => {
  let web: TestApp;
  beforeAll(async () => {
    const root = join(tmpdir(), `furrow-web-${process.pid}-${Date.now()}`);
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Furrow</title>');
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
    web = await createTestApp({ WEB_DIST: root });
  });
  afterAll(() => web?.close());

  it('answers files outside the web root that exist as it answers those that do not', async () => {
    const get = (url: string) => web.app.inject({ method: 'GET', url });
    const pairs = [
      ['/../../../../../../etc/passwd', '/../../../../../../etc/no-such-file-here'],
      ['/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/nothing'],
      ['/..%2f..%2f..%2f..%2fetc%2fpasswd', '/..%2f..%2f..%2f..%2fetc%2fnothing'],
    ];
    for (const [existing, missing] of pairs) {
      const [a, b] = [await get(existing as string), await get(missing as string)];
      expect(a.statusCode, existing).toBe(b.statusCode);
      expect(a.body).toBe(b.body);
      expect(a.body).not.toContain('root:');
    }
    expect((await get('/assets/app.js')).body).toBe('console.log(1)');
    expect((await get('/some/app/page')).body).toContain('<title>Furrow</title>');
  });
});

describe('session tokens', () => {
  const sign = (claims: { sub: string; exp?: boolean }) => {
    let jwt = new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setAudience('furrow');
    if (claims.exp !== false) jwt = jwt.setExpirationTime('1h');
    return jwt.sign(new TextEncoder().encode(t.config.JWT_SECRET));
  };
  const me = async (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });

  it('with a subject that is not an account id are refused with 401, not 500', async () => {
    for (const sub of ['not-a-uuid', "' or 1=1 --", '']) {
      const res = await me(await sign({ sub }));
      expect(res.statusCode, sub).toBe(401);
      expect(res.json().code).toBe('SESSION_EXPIRED');
    }
  });

  it('without an expiry are refused', async () => {
    const res = await me(await sign({ sub: cast.customer.id, exp: false }));
    expect(res.statusCode).toBe(401);
    expect((await me(await sign({ sub: cast.customer.id }))).statusCode).toBe(200);
  });
});

describe('answers to a signed-in person', () => {
  it('are never stored by the browser or a cache', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: cast.customer.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.com', password: 'not-the-password' },
    });
    expect(signIn.headers['cache-control']).toBe('no-store');
  });
});
