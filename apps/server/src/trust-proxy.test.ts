import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

let t: TestApp | undefined;
afterEach(() => t?.close());

/** 25 password-reset requests, each for another address and claiming another client. */
async function forgotFromChangingAddresses(app: TestApp['app']): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 1; i <= 25; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/forgot',
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
      payload: { email: `proxy-${i}@example.com` },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

describe('the client address behind proxies', () => {
  it('ignores X-Forwarded-For by default, so a made-up one cannot dodge the limits', async () => {
    t = await createTestApp();
    const codes = await forgotFromChangingAddresses(t.app);
    // The per-address limit of 20 an hour holds exactly as without the header.
    expect(codes).toEqual([...Array(20).fill(200), ...Array(5).fill(429)]);
  });

  it('believes the last proxy with TRUST_PROXY=1, so each client has its own limit', async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    expect(await forgotFromChangingAddresses(t.app)).toEqual(Array(25).fill(200));
  });

  it('believes a listed proxy', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });
    expect(await forgotFromChangingAddresses(t.app)).toEqual(Array(25).fill(200));
  });

  it('believes no other', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    // inject() calls come from 127.0.0.1, which is not listed: the header is not believed.
    expect((await forgotFromChangingAddresses(t.app)).filter((code) => code === 429)).toHaveLength(
      5,
    );
  });
});
