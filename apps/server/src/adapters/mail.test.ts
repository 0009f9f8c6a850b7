import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
const inbox: Received[] = [];
let t: TestApp;

// A real SMTP server on 127.0.0.1 as the receiving end: the message goes over the wire as in production.
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Furrow <hello@furrow.test>',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('e-mail over SMTP', () => {
  it('delivers the sign-up code as plain text and HTML, from MAIL_FROM', async () => {
    const email = `smtp-${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email,
        password: 'turnip-season-7',
        role: 'customer',
        firstName: 'Ada',
        lastName: 'Field',
      },
    });
    expect(res.statusCode).toBe(201);
    await t.app.jobs.drain();
    const message = inbox.find((m) => m.to.includes(email));
    if (!message) throw new Error('not delivered');
    expect(message.from).toBe('hello@furrow.test');
    const subject = /^Subject: (\d{6}) is your Furrow verification code$/m.exec(message.raw);
    expect(subject).not.toBeNull();
    expect(message.raw).toContain('Content-Type: text/plain');
    expect(message.raw).toContain('Content-Type: text/html');
    expect(message.raw).toContain(subject?.[1]);
    // Nothing was written to the dev outbox.
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${t.config.DATA_DIR}/outbox`)).toBe(false);
  });

  it('sends the reset link over SMTP too', async () => {
    const email = `smtp-reset-${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email,
        password: 'turnip-season-7',
        role: 'farmer',
        firstName: 'Jo',
        lastName: 'Tiller',
      },
    });
    await t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email } });
    await t.app.jobs.drain();
    const message = inbox.find((m) => m.to.includes(email) && m.raw.includes('Reset your Furrow'));
    if (!message) throw new Error('not delivered');
    expect(message.raw).toMatch(/reset-password\?token=3D|reset-password\?token=/);
  });
});
