import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

// The server runs without SMTP, so every e-mail lands in DATA_DIR/outbox as `<timestamp>-<to>.eml`.
const outbox = () => join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** The plain-text part of a MIME message, with quoted-printable undone. */
function plainText(raw: string): string {
  const start = raw.search(/^Content-Type: text\/plain/im);
  const part = start >= 0 ? raw.slice(start) : raw;
  const bodyStart = part.search(/\r?\n\r?\n/);
  const body = part.slice(bodyStart).split(/\r?\n--/)[0] ?? '';
  const quotedPrintable = /^Content-Transfer-Encoding: quoted-printable/im.test(
    part.slice(0, bodyStart),
  );
  if (!quotedPrintable) return body;
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

/** Waits for the newest message to `to` whose subject matches, and returns its text. */
export async function readMail(to: string, subject: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox()).catch(() => [] as string[]))
          .filter((name) => name.endsWith(`-${to}.eml`))
          .sort()
          .reverse();
        for (const name of names) {
          const raw = await readFile(join(outbox(), name), 'utf8');
          const header = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
          if (subject.test(header)) {
            text = plainText(raw);
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000, message: `an e-mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return text;
}

export async function codeFrom(to: string): Promise<string> {
  const text = await readMail(to, /verification code/);
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, 'a 6-digit code in the e-mail').toBeDefined();
  return code ?? '';
}
