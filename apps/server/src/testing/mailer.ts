import type { Mailer, MailMessage } from '../adapters/mail';

/** Keeps every message in memory, as the test's mailbox. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(message) {
      sent.push(message);
    },
    close() {},
  };
}
