import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { customerProfiles, users } from '../users/users.schema';

const CLIENT_ID = 'furrow-test.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.test';
const KEY_ID = 'test-key-1';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let googleKeys: KeyPair;
let strangerKeys: KeyPair;
let jwksServer: Server;
let t: TestApp;

// A stand-in for Google: its own key pair, and its public half served as a JWKS on 127.0.0.1.
beforeAll(async () => {
  googleKeys = await generateKeyPair('RS256');
  strangerKeys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(googleKeys.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const { port } = jwksServer.address() as AddressInfo;
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_ISSUER: ISSUER,
    GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs`,
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

let counter = 0;
const uniqueEmail = () => `picker-${Date.now()}-${++counter}@gmail.test`;

interface TokenOptions {
  claims?: JWTPayload;
  key?: KeyPair['privateKey'];
  issuer?: string;
  audience?: string;
  expiresAt?: number;
}

function googleToken(email: string, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email,
    email_verified: true,
    given_name: 'Pat',
    family_name: 'Picker',
    name: 'Pat Picker',
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(`google-${counter}`)
    .setIssuedAt(now - 60)
    .setExpirationTime(options.expiresAt ?? now + 3600)
    .sign(options.key ?? googleKeys.privateKey);
}

function signInWithGoogle(credential: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { credential } });
}

async function usersWith(email: string) {
  return t.database.db.select().from(users).where(eq(users.email, email));
}

describe('POST /api/auth/google', () => {
  it('creates an active, verified customer with a profile for a new address', async () => {
    const email = uniqueEmail();
    const res = await signInWithGoogle(await googleToken(email));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      message: expect.any(String),
      user: expect.objectContaining({
        email,
        role: 'customer',
        status: 'active',
        isEmailVerified: true,
        firstName: 'Pat',
        lastName: 'Picker',
        name: 'Pat Picker',
      }),
      token: expect.any(String),
      isNewUser: true,
    });
    const profiles = await t.database.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.userId, body.user.id));
    expect(profiles).toHaveLength(1);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.json().user.id).toBe(body.user.id);
  });

  it('signs a known address into its account, with isNewUser false', async () => {
    const email = uniqueEmail();
    const first = (await signInWithGoogle(await googleToken(email))).json();
    const again = await signInWithGoogle(await googleToken(email.toUpperCase()));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isNewUser: false, user: { id: first.user.id } });
    expect(await usersWith(email)).toHaveLength(1);
  });

  it('takes over an unverified sign-up of the same address and drops its password', async () => {
    const email = uniqueEmail();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email,
        password: 'set-by-someone-else-1',
        role: 'farmer',
        firstName: 'Not',
        lastName: 'Me',
      },
    });
    expect(registered.statusCode).toBe(201);
    const res = await signInWithGoogle(await googleToken(email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isNewUser: false,
      user: { role: 'farmer', isEmailVerified: true, status: 'active' },
    });
    const [row] = await usersWith(email);
    expect(row?.passwordHash).toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'set-by-someone-else-1' },
    });
    expect(login.statusCode).toBe(401);
  });

  const refusals: [string, (email: string) => Promise<string>][] = [
    ['a wrong audience', (email) => googleToken(email, { audience: 'someone-else.apps' })],
    ['a wrong issuer', (email) => googleToken(email, { issuer: 'https://evil.test' })],
    [
      'an expired token',
      (email) => googleToken(email, { expiresAt: Math.floor(Date.now() / 1000) - 120 }),
    ],
    ['an unverified e-mail', (email) => googleToken(email, { claims: { email_verified: false } })],
    ['a bad signature', (email) => googleToken(email, { key: strangerKeys.privateKey })],
    [
      'a token with no signature',
      async (email) => {
        const [header, payload] = (await googleToken(email)).split('.');
        return `${header}.${payload}.`;
      },
    ],
    ['garbage', async () => 'not.a.jwt'],
  ];

  it.each(refusals)('refuses %s with a 401 and creates nothing', async (_name, make) => {
    const email = uniqueEmail();
    const res = await signInWithGoogle(await make(email));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Google sign-in could not be verified',
      code: 'INVALID_GOOGLE_TOKEN',
    });
    expect(await usersWith(email)).toHaveLength(0);
  });

  it('tells the web app that Google sign-in is on, and its client id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toEqual({ googleEnabled: true, googleClientId: CLIENT_ID });
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('reports Google sign-in off and refuses the call', async () => {
    const off = await createTestApp();
    try {
      const config = await off.app.inject({ method: 'GET', url: '/api/auth/config' });
      expect(config.json()).toEqual({ googleEnabled: false, googleClientId: null });
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { credential: await googleToken(uniqueEmail()) },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('GOOGLE_DISABLED');
    } finally {
      await off.close();
    }
  });
});
