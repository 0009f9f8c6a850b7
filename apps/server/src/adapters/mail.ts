import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type * as Nodemailer from 'nodemailer';
import { lazyRequire } from './lazy-require';

// Loaded with the first message: nodemailer is 3 MB of the idle server's heap, and most hours send
// nothing.
const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the dev outbox logs in one line (the code or the link), so a developer needs no inbox. */
  summary: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where the dev outbox writes `<timestamp>-<to>.eml` files when there is no SMTP server. */
  outboxDir: string;
  log: FastifyBaseLogger;
}

/** SMTP when a URL is configured; otherwise every message becomes a file in the outbox. */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(options);
}

function smtpMailer(url: string, from: string): Mailer {
  let transport: Nodemailer.Transporter | undefined;
  return {
    kind: 'smtp',
    async send({ to, subject, text, html }) {
      transport ??= nodemailer().createTransport(url);
      await transport.sendMail({ from, to, subject, text, html });
    },
    close: () => transport?.close(),
  };
}

function outboxMailer({ from, outboxDir, log }: MailerOptions): Mailer {
  // The same MIME message SMTP would carry, so that the file opens in any mail program.
  let transport: Nodemailer.Transporter | undefined;
  return {
    kind: 'outbox',
    async send({ to, subject, text, html, summary }) {
      transport ??= nodemailer().createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'unix',
      });
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, outboxFileName(to));
      await writeFile(file, info.message as Buffer, { flag: 'wx' });
      log.info({ to, file }, `mail to ${to}: ${summary}`);
    },
    close: () => transport?.close(),
  };
}

let sequence = 0;

/** `<timestamp>-<to>.eml`, sortable by time; the sequence keeps two of one millisecond apart. */
function outboxFileName(to: string): string {
  sequence = (sequence + 1) % 1000;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const safeTo = to.replace(/[^a-zA-Z0-9@._+-]/g, '_');
  return `${stamp}-${String(sequence).padStart(3, '0')}-${safeTo}.eml`;
}
