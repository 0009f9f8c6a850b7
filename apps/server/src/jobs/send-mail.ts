import { z } from 'zod';
import type { Mailer, MailMessage } from '../adapters/mail';
import { defineJob } from './job-kind';
import type { JobHandler } from './worker';

const mailMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  summary: z.string(),
}) satisfies z.ZodType<MailMessage>;

/**
 * One e-mail, rendered when it is queued. Its subject and body may carry a code or a link, so a
 * failed one keeps only the address it was for.
 */
export const sendMail = defineJob('send-mail', mailMessage, {
  redact: (message) => ({ to: message.to }),
});

export function sendMailHandler(mailer: Mailer): JobHandler<MailMessage> {
  return (message) => mailer.send(message);
}
