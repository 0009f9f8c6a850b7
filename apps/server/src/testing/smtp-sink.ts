import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SinkAttempt {
  to: string;
  subject: string;
  at: number;
  accepted: boolean;
}

export interface SmtpSink {
  port: number;
  /** Every message offered, accepted or refused, in order. */
  attempts: SinkAttempt[];
  /** The accepted messages only. */
  delivered(): SinkAttempt[];
  /** Whether a message is taken (250) or refused with a temporary 451 after its body. */
  mode: 'accept' | 'refuse';
  /** Starts listening on `port`; until then nothing listens there (connections are refused). */
  open(): Promise<void>;
  close(): Promise<void>;
}

/** A port that was free a moment ago: for a mail server that is not there yet. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A real SMTP server on 127.0.0.1 as the mail provider, which can refuse: the message crosses the
 * wire as in production, and the test sees each try with its recipient and subject.
 */
export async function smtpSink(mode: SmtpSink['mode'] = 'accept'): Promise<SmtpSink> {
  const port = await freePort();
  let server: SMTPServer | undefined;
  const sink: SmtpSink = {
    port,
    attempts: [],
    mode,
    delivered: () => sink.attempts.filter((attempt) => attempt.accepted),
    async open() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        // Closing waits this long for a sender's open connection, not the default 30 s.
        closeTimeout: 500,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const accepted = sink.mode === 'accept';
            const attempt = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
              subject: subjectOf(Buffer.concat(chunks).toString('utf8')),
              at: Date.now(),
              accepted,
            };
            sink.attempts.push(attempt);
            if (accepted) return callback();
            const refusal = Object.assign(new Error('Mailbox busy, try again later'), {
              responseCode: 451,
            });
            callback(refusal);
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      const open = server;
      server = undefined;
      if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
    },
  };
  return sink;
}

function subjectOf(raw: string): string {
  // Long headers are folded over lines; unfold before reading.
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  return /^Subject: (.*)$/m.exec(unfolded)?.[1]?.trim() ?? '';
}
