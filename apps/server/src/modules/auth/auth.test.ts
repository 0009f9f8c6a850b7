import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '../../adapters/mail';
import { seedDemoData } from '../../demo/seed';
import { jobs } from '../../jobs/jobs.schema';
import { memoryMailer } from '../../testing/mailer';
import { createTestApp, type TestApp, useTestApp } from '../../testing/test-app';
import { farmers } from '../farmers/farmers.schema';
import { getMe } from '../users';
import { customerProfiles, users } from '../users/users.schema';
import { createAdmin } from './admin-accounts';
import { oneTimeSecrets } from './auth.schema';

const mail = memoryMailer();
const t = useTestApp({}, { mailer: mail });

let counter = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++counter}@example.com`;
const password = 'turnip-season-7';

// Each test is a client of its own, so that one test's calls never use up another's per-address limits.
const addresses = new Map<string, string>();
function clientAddress(): string {
  const test = expect.getState().currentTestName ?? '';
  const address = addresses.get(test) ?? `10.0.${addresses.size >> 8}.${addresses.size & 255}`;
  addresses.set(test, address);
  return address;
}

function post(url: string, payload: object, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: clientAddress(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

function verify(verificationToken: string, verificationCode: string) {
  return post('/api/signup_verification', { verificationToken, verificationCode });
}

function me(token: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: clientAddress(),
  });
}

/** The newest mail to an address, once every queued job has run. */
async function mailTo(to: string, subject: RegExp): Promise<MailMessage> {
  await t.app.jobs.drain();
  const found = mail.sent.filter((m) => m.to === to && subject.test(m.subject)).at(-1);
  if (!found) throw new Error(`no mail to ${to} matching ${subject}`);
  return found;
}

async function codeFor(to: string): Promise<string> {
  const message = await mailTo(to, /verification code/);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error('no code in the e-mail');
  return code;
}

async function registerUser(role: 'customer' | 'farmer', email = uniqueEmail(role)) {
  const res = await post('/api/register', {
    email,
    password,
    role,
    firstName: 'Ada',
    lastName: 'Field',
  });
  expect(res.statusCode).toBe(201);
  return { email, verificationToken: res.json().token as string };
}

async function verifiedUser(role: 'customer' | 'farmer' = 'customer') {
  const { email, verificationToken } = await registerUser(role);
  const res = await verify(verificationToken, await codeFor(email));
  expect(res.statusCode).toBe(200);
  return { email, user: res.json().user, token: res.json().token as string };
}

async function signIn(email: string, pass = password) {
  const res = await post('/api/login', { email, password: pass });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const userKeys = [
  'createdAt',
  'email',
  'firstName',
  'id',
  'isEmailVerified',
  'lastLogin',
  'lastName',
  'name',
  'role',
  'status',
];

describe('POST /api/register', () => {
  it('creates an unverified farmer with a farmers row and e-mails a 6-digit code', async () => {
    const email = uniqueEmail('Farmer').toUpperCase();
    const res = await post('/api/register', {
      email: `  ${email} `,
      password,
      role: 'farmer',
      firstName: 'Jo',
      lastName: 'Tiller',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.any(String), token: expect.any(String) });

    const stored = email.toLowerCase();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, stored));
    expect(user).toMatchObject({ role: 'farmer', status: 'pending', isEmailVerified: false });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const farmerRows = await t.database.db
      .select()
      .from(farmers)
      .where(eq(farmers.id, user?.id ?? ''));
    expect(farmerRows).toHaveLength(1);
    expect(farmerRows[0]?.farmName).toBe('');

    const message = await mailTo(stored, /verification code/);
    expect(message.subject).toMatch(/^\d{6} is your Furrow verification code$/);
    expect(message.html).toContain(await codeFor(stored));
    // Only a keyed digest of the code is kept.
    const [secret] = await t.database.db
      .select()
      .from(oneTimeSecrets)
      .where(eq(oneTimeSecrets.userId, user?.id ?? ''));
    expect(secret?.secretHash).not.toContain(await codeFor(stored));
  });

  it('refuses an address already in use with a 409, in any letter case', async () => {
    const { email } = await registerUser('customer');
    const res = await post('/api/register', {
      email: email.toUpperCase(),
      password,
      role: 'customer',
      firstName: 'Other',
      lastName: 'Person',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'An account with this e-mail already exists',
      code: 'EMAIL_TAKEN',
    });
  });

  it.each([
    [{ role: 'admin' }, 'role', 'Choose customer or farmer'],
    [{ password: 'short' }, 'password', 'Use at least 8 characters'],
    [{ password: 'x'.repeat(129) }, 'password', 'Use at most 128 characters'],
    [{ password: 'Password1' }, 'password', 'This password is too common'],
    [{ email: 'not-an-address' }, 'email', 'Enter a valid e-mail address'],
    [{ firstName: '  ' }, 'firstName', 'First name is required'],
    [{ lastName: undefined }, 'lastName', ''],
  ])('refuses %j with a 400 naming the field and creates nothing', async (change, field, words) => {
    const email = uniqueEmail('refused');
    const res = await post('/api/register', {
      email,
      password,
      role: 'customer',
      firstName: 'Ada',
      lastName: 'Field',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.details[0].field).toBe(field);
    expect(body.message).toContain(words);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });
});

describe('POST /api/signup_verification', () => {
  it('verifies a customer, who becomes active with a profile and is signed in', async () => {
    const { email, user, token } = await verifiedUser('customer');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(Object.keys(user).sort()).toEqual(userKeys);
    expect(user).toMatchObject({
      email,
      role: 'customer',
      status: 'active',
      isEmailVerified: true,
      firstName: 'Ada',
      lastName: 'Field',
      name: 'Ada Field',
    });
    const profiles = await t.database.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.userId, user.id));
    expect(profiles).toHaveLength(1);
  });

  it('refuses a wrong code, and the 6th try fails even with the right code', async () => {
    const { email, verificationToken } = await registerUser('customer');
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await verify(verificationToken, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_CODE');
    }
    const sixth = await verify(verificationToken, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({
      message: 'The verification code is wrong or has expired',
      code: 'INVALID_CODE',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.isEmailVerified).toBe(false);
  });

  it('accepts the right code on the 5th try', async () => {
    const { email, verificationToken } = await registerUser('farmer');
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      await verify(verificationToken, wrong);
    }
    const fifth = await verify(verificationToken, code);
    expect(fifth.statusCode).toBe(200);
    expect(fifth.json().user).toMatchObject({ role: 'farmer', status: 'active' });
  });

  it('refuses an expired code', async () => {
    const { email, verificationToken } = await registerUser('customer');
    const code = await codeFor(email);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(oneTimeSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeSecrets.userId, user?.id ?? ''));
    const res = await verify(verificationToken, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_CODE');
  });

  it('uses a code once', async () => {
    const { email, verificationToken } = await registerUser('customer');
    const code = await codeFor(email);
    const first = await verify(verificationToken, code);
    expect(first.statusCode).toBe(200);
    const again = await verify(verificationToken, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_VERIFIED');
  });

  it('refuses a forged token and a session token in place of a verification token', async () => {
    const forged = await verify('not-a-token', '123456');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('VERIFICATION_EXPIRED');
    const { email } = await verifiedUser();
    const sessionToken = await signIn(email);
    const swapped = await verify(sessionToken, '123456');
    expect(swapped.json().code).toBe('VERIFICATION_EXPIRED');
  });
});

describe('POST /api/resend_verification', () => {
  it('sends a new code that works, while the old one stops working', async () => {
    const { email, verificationToken } = await registerUser('customer');
    const oldCode = await codeFor(email);
    const before = mail.sent.length;
    const res = await post('/api/resend_verification', { verificationToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), token: expect.any(String) });
    await t.app.jobs.drain();
    expect(mail.sent.length).toBeGreaterThan(before);
    const newCode = await codeFor(email);
    if (newCode !== oldCode) {
      const old = await verify(verificationToken, oldCode);
      expect(old.json().code).toBe('INVALID_CODE');
    }
    const ok = await verify(res.json().token, newCode);
    expect(ok.statusCode).toBe(200);
  });

  it('answers the same for an unknown address, and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const { email } = await registerUser('customer');
    const a = await post('/api/resend_verification', { email: unknown });
    const b = await post('/api/resend_verification', { email });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().message.replace(unknown, '')).toBe(b.json().message.replace(email, ''));
    await codeFor(email);
    expect(mail.sent.some((m) => m.to === unknown)).toBe(false);
  });

  it('is rate limited per account with a 429 and a clear message', async () => {
    const { verificationToken } = await registerUser('customer');
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/resend_verification', { verificationToken })).statusCode).toBe(200);
    }
    const res = await post('/api/resend_verification', { verificationToken });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'Too many new codes requested. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/login', () => {
  it('signs in, records lastLogin, and the token opens /api/me', async () => {
    const { email } = await verifiedUser('farmer');
    const res = await post('/api/login', { email: email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      message: expect.any(String),
      user: expect.any(Object),
      token: expect.any(String),
    });
    expect(Object.keys(body.user).sort()).toEqual(userKeys);
    expect(body.user.role).toBe('farmer');
    expect(Date.parse(body.user.lastLogin)).toBeGreaterThan(Date.now() - 60_000);
    const who = await me(body.token);
    expect(who.statusCode).toBe(200);
    expect(who.json().user.email).toBe(email);
  });

  it('gives a wrong e-mail and a wrong password the same 401', async () => {
    const { email } = await verifiedUser();
    const wrongPassword = await post('/api/login', { email, password: 'not-my-password' });
    const wrongEmail = await post('/api/login', { email: uniqueEmail('ghost'), password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
    expect(wrongEmail.json()).toEqual({
      message: 'Invalid e-mail or password',
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('refuses an unverified account with a message that says so', async () => {
    const { email } = await registerUser('customer');
    const res = await post('/api/login', { email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Please verify your e-mail address first. We can send you a new code.',
      code: 'EMAIL_NOT_VERIFIED',
    });
  });

  it('answers "Unauthorized access" to a non-admin with the admin flag, and lets an admin in', async () => {
    const { email } = await verifiedUser('customer');
    const res = await post('/api/login', { email, password, admin: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Unauthorized access', code: 'UNAUTHORIZED_ACCESS' });

    const adminEmail = uniqueEmail('admin');
    await createAdmin(t.database.db, {
      email: adminEmail,
      password: 'barn-owl-admin-42',
      firstName: 'Ada',
      lastName: 'Admin',
    });
    const admin = await post('/api/login', {
      email: adminEmail,
      password: 'barn-owl-admin-42',
      admin: true,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().user.role).toBe('admin');
  });

  it('refuses a suspended account once the password is right', async () => {
    const { email } = await verifiedUser();
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.email, email));
    const res = await post('/api/login', { email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
  });

  it('stops guessing at an account after 10 failures, but not the right password before', async () => {
    const { email } = await verifiedUser();
    for (let i = 0; i < 9; i++) {
      expect(
        (await post('/api/login', { email, password: `wrong-${i}-password` })).statusCode,
      ).toBe(401);
    }
    // The right password gives its try back (and makes this address one the account knows).
    expect((await post('/api/login', { email, password })).statusCode).toBe(200);
    const stranger = { email, password: 'wrong-again-1' };
    const fromElsewhere = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: '192.0.2.99' });
    expect((await fromElsewhere(stranger)).statusCode).toBe(401);
    const res = await fromElsewhere({ email, password });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      message: 'Too many sign-in attempts. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    // The window passes: the limiter reads the time from Date, which moves on for this last call.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 1 });
    try {
      expect((await fromElsewhere({ email, password })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the session', () => {
  it('says "No user logged in" without a token and that the session ended with a bad one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'No user logged in', code: 'NOT_LOGGED_IN' });
    const bad = await me('forged.token.value');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('SESSION_EXPIRED');
  });

  it('lasts 7 days', async () => {
    const { email } = await verifiedUser();
    const token = await signIn(email);
    const day = 24 * 60 * 60 * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6 * day);
      expect((await me(token)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + day + 60_000);
      const expired = await me(token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe('SESSION_EXPIRED');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says "No user data available" when the record is gone', async () => {
    await expect(getMe(t.database.db, randomUUID())).rejects.toMatchObject({
      code: 'NO_USER_DATA',
      message: 'No user data available',
    });
  });

  it('changes names with PATCH /api/me', async () => {
    const { email } = await verifiedUser();
    const token = await signIn(email);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
      payload: { firstName: ' Grace ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Field',
      name: 'Grace Field',
    });
    const empty = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists', async () => {
    const { email } = await verifiedUser();
    const known = await post('/api/forgot', { email });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await post('/api/forgot', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json().message.replace(email, '')).toBe(
      unknown.json().message.replace(unknownEmail, ''),
    );
    await mailTo(email, /Reset your Furrow password/);
    expect(mail.sent.some((m) => m.to === unknownEmail)).toBe(false);
  });

  it('resets with the link once; the old password, the old session and the reused link fail', async () => {
    const { email } = await verifiedUser();
    const oldSession = await signIn(email);
    await post('/api/forgot', { email });
    const message = await mailTo(email, /Reset your Furrow password/);
    const link = /http\S+\/auth\/reset-password\?token=\S+/.exec(message.text)?.[0];
    expect(link).toBeDefined();
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/reset-password\?token=/);
    const token = decodeURIComponent(new URL(link ?? '').searchParams.get('token') ?? '');

    const newPassword = 'parsnip-harvest-9';
    const reset = await post('/api/reset_password', { token, new_password: newPassword });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: expect.any(String) });

    const reused = await post('/api/reset_password', {
      token,
      new_password: 'another-fresh-one-3',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      message: 'This reset link is invalid or has expired',
      code: 'INVALID_RESET_TOKEN',
    });
    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await post('/api/login', { email, password })).statusCode).toBe(401);
    await signIn(email, newPassword);
    await mailTo(email, /password was changed/);
  });

  it('refuses an expired link, a tampered one, and a common new password', async () => {
    const { email } = await verifiedUser();
    await post('/api/forgot', { email });
    const message = await mailTo(email, /Reset your Furrow password/);
    const token = decodeURIComponent(/token=(\S+)/.exec(message.text)?.[1] ?? '');
    const common = await post('/api/reset_password', { token, new_password: 'password1' });
    expect(common.statusCode).toBe(400);
    const tampered = await post('/api/reset_password', {
      token: `${token.slice(0, -2)}xx`,
      new_password: 'rutabaga-patch-5',
    });
    expect(tampered.json().code).toBe('INVALID_RESET_TOKEN');
    const [id] = token.split('.');
    await t.database.db
      .update(oneTimeSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeSecrets.id, id ?? ''));
    const expired = await post('/api/reset_password', { token, new_password: 'rutabaga-patch-5' });
    expect(expired.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('only the newest link works', async () => {
    const { email } = await verifiedUser();
    await post('/api/forgot', { email });
    const first = decodeURIComponent(
      /token=(\S+)/.exec((await mailTo(email, /Reset/)).text)?.[1] ?? '',
    );
    const before = mail.sent.length;
    await post('/api/forgot', { email });
    await t.app.jobs.drain();
    expect(mail.sent.length).toBeGreaterThan(before);
    const second = decodeURIComponent(
      /token=(\S+)/.exec((await mailTo(email, /Reset/)).text)?.[1] ?? '',
    );
    expect(second).not.toBe(first);
    expect(
      (await post('/api/reset_password', { token: first, new_password: 'kohlrabi-row-8' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/reset_password', { token: second, new_password: 'kohlrabi-row-8' }))
        .statusCode,
    ).toBe(200);
  });

  it('verifies an account still waiting for its code, since the link proves the mailbox', async () => {
    const { email } = await registerUser('customer');
    await post('/api/forgot', { email });
    const token = decodeURIComponent(
      /token=(\S+)/.exec((await mailTo(email, /Reset/)).text)?.[1] ?? '',
    );
    expect(
      (await post('/api/reset_password', { token, new_password: 'celeriac-bed-2' })).statusCode,
    ).toBe(200);
    const res = await post('/api/login', { email, password: 'celeriac-bed-2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ status: 'active', isEmailVerified: true });
  });

  it('is rate limited per address', async () => {
    const email = uniqueEmail('forgetful');
    for (let i = 0; i < 5; i++) expect((await post('/api/forgot', { email })).statusCode).toBe(200);
    const res = await post('/api/forgot', { email });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(
      /^Too many password reset requests\. Please try again in \d+ minutes?\.$/,
    );
  });
});

describe('e-mails as jobs', () => {
  it('leaves no code or link in the jobs table once the e-mails are sent', async () => {
    const { email } = await verifiedUser();
    await post('/api/forgot', { email });
    const link = /token=(\S+)/.exec((await mailTo(email, /Reset/)).text)?.[1];
    expect(link).toBeDefined();
    const left = await t.database.db.select().from(jobs);
    expect(left).toEqual([]);
  });
});

describe('mail to one address', () => {
  it('is capped at 8 codes and links an hour, whichever call asks', async () => {
    const email = uniqueEmail('flooded');
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await post('/api/forgot', { email })).statusCode);
    for (let i = 0; i < 4; i++) {
      codes.push((await post('/api/resend_verification', { email })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('changing the password', () => {
  it('voids a reset link asked for before the change', async () => {
    const { email } = await verifiedUser();
    const session = await signIn(email);
    await post('/api/forgot', { email });
    const message = await mailTo(email, /Reset your Furrow password/);
    const link = /http\S+\/auth\/reset-password\?token=\S+/.exec(message.text)?.[0] ?? '';
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    const changed = await post(
      '/api/reset_password',
      { old_password: password, new_password: 'salsify-drill-3' },
      session,
    );
    expect(changed.statusCode).toBe(200);
    const reset = await post('/api/reset_password', { token, new_password: 'stolen-back-99' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe('INVALID_RESET_TOKEN');
    await signIn(email, 'salsify-drill-3');
  });

  it('needs the current password, then ends every session including the one that asked', async () => {
    const { email } = await verifiedUser();
    const session = await signIn(email);
    const other = await signIn(email);

    const noToken = await post('/api/reset_password', {
      old_password: password,
      new_password: 'beetroot-lane-4',
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().message).toBe('No user logged in');

    const wrong = await post(
      '/api/reset_password',
      { old_password: 'not-it-at-all', new_password: 'beetroot-lane-4' },
      session,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');

    const same = await post(
      '/api/reset_password',
      { old_password: password, new_password: password },
      session,
    );
    expect(same.json().code).toBe('SAME_PASSWORD');

    const ok = await post(
      '/api/reset_password',
      { old_password: password, new_password: 'beetroot-lane-4' },
      session,
    );
    expect(ok.statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await me(other)).json().code).toBe('SESSION_EXPIRED');
    await signIn(email, 'beetroot-lane-4');
  });

  it('refuses a body with both or neither of token and old_password', async () => {
    const both = await post('/api/reset_password', {
      token: 'a.b',
      old_password: 'x',
      new_password: 'beetroot-lane-4',
    });
    expect(both.statusCode).toBe(400);
    const neither = await post('/api/reset_password', { new_password: 'beetroot-lane-4' });
    expect(neither.statusCode).toBe(400);
  });
});

describe('the customer profile', () => {
  const putProfile = (token: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });

  it('is set up with names and a place looked up offline', async () => {
    const { email } = await verifiedUser('customer');
    const token = await signIn(email);
    const rosaAt = (place: string) =>
      putProfile(token, { firstName: 'Rosa', lastName: 'Parks', location: { place } });
    const res = await rosaAt('97231');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('Rosa Parks');
    expect(res.json().profile.defaultLocation).toEqual({
      lat: expect.closeTo(45.64, 1),
      lng: expect.closeTo(-122.84, 1),
      address: 'Portland, OR 97231',
    });
    const byCity = await rosaAt('Austin, TX');
    expect(byCity.json().profile.defaultLocation.address).toMatch(/^Austin, TX \d{5}$/);
    const unknown = await rosaAt('Atlantis, ZZ');
    expect(unknown.statusCode).toBe(400);
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(got.json().profile.defaultLocation.address).toMatch(/^Austin/);
  });

  it('is for customers only', async () => {
    const { email } = await verifiedUser('farmer');
    const token = await signIn(email);
    const res = await putProfile(token, { firstName: 'Jo', lastName: 'Tiller' });
    expect(res.statusCode).toBe(403);
  });
});

describe('on a fresh app with the defaults', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(() => fresh.close());

  it('lets the demo accounts sign in with the passwords the README lists', async () => {
    await seedDemoData(fresh.database.db);
    for (const [email, pass, admin] of [
      ['customer@furrow.test', 'fresh-carrots-42', false],
      ['farmer@furrow.test', 'green-acres-42', false],
      ['admin@furrow.test', 'barn-owl-admin-42', true],
    ] as const) {
      const res = await fresh.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: pass, admin },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('writes each message as an .eml file in DATA_DIR/outbox', async () => {
    const email = uniqueEmail('outbox');
    const res = await fresh.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password, role: 'customer', firstName: 'Ada', lastName: 'Field' },
    });
    expect(res.statusCode).toBe(201);
    await fresh.app.jobs.drain();
    const dir = join(fresh.config.DATA_DIR, 'outbox');
    const files = (await readdir(dir)).filter((name) => name.endsWith(`-${email}.eml`));
    expect(files).toHaveLength(1);
    const raw = await readFile(join(dir, files[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^Subject: \d{6} is your Furrow verification code$/m);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
  });
});

describe('the API reference', () => {
  it('documents every account route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const routes = [
      ['post', '/api/register'],
      ['post', '/api/signup_verification'],
      ['post', '/api/resend_verification'],
      ['post', '/api/login'],
      ['post', '/api/forgot'],
      ['post', '/api/reset_password'],
      ['post', '/api/auth/google'],
      ['get', '/api/auth/config'],
      ['get', '/api/me'],
      ['patch', '/api/me'],
      ['get', '/api/profile'],
      ['put', '/api/profile'],
    ] as const;
    for (const [method, path] of routes) {
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toEqual(expect.any(String));
    }
  });
});
