import type { MailMessage } from './mail';

const PRODUCT = 'Furrow';

export interface Layout {
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs of plain text; the HTML shows the same words. */
  lines: string[];
  /** The one thing the message is for: a code shown large, or a link shown as a button. */
  highlight: { kind: 'code'; value: string } | { kind: 'link'; value: string; label: string };
  footer: string;
  summary: string;
}

export function verificationCodeMail(input: {
  to: string;
  firstName: string;
  code: string;
  minutes: number;
}): MailMessage {
  return layout({
    to: input.to,
    subject: `${input.code} is your ${PRODUCT} verification code`,
    greeting: `Hello ${input.firstName},`,
    lines: [
      `Welcome to ${PRODUCT}! Enter this code to confirm your e-mail address.`,
      `It works once, for ${input.minutes} minutes.`,
    ],
    highlight: { kind: 'code', value: input.code },
    footer: `If you did not sign up for ${PRODUCT}, you can ignore this e-mail.`,
    summary: `verification code ${input.code}`,
  });
}

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  link: string;
  minutes: number;
}): MailMessage {
  return layout({
    to: input.to,
    subject: `Reset your ${PRODUCT} password`,
    greeting: `Hello ${input.firstName},`,
    lines: [
      `Someone asked to reset the password of your ${PRODUCT} account.`,
      `Open this link to choose a new one. It works once, for ${input.minutes} minutes.`,
    ],
    highlight: { kind: 'link', value: input.link, label: 'Choose a new password' },
    footer: 'If it was not you, ignore this e-mail: your password stays as it is.',
    summary: `password reset link ${input.link}`,
  });
}

export function passwordChangedMail(input: {
  to: string;
  firstName: string;
  signInLink: string;
}): MailMessage {
  return layout({
    to: input.to,
    subject: `Your ${PRODUCT} password was changed`,
    greeting: `Hello ${input.firstName},`,
    lines: [
      `The password of your ${PRODUCT} account was just changed, and every device was signed out.`,
    ],
    highlight: { kind: 'link', value: input.signInLink, label: 'Sign in' },
    footer: `If you did not do this, reset your password at once from the sign-in page.`,
    summary: 'password changed',
  });
}

/**
 * Words around the highlight carry what people typed (names, farm and product names, reasons), and
 * mail programs turn anything that looks like an address into a link. Only the highlight may be one,
 * so elsewhere a scheme loses its "://" and a dot before a letter becomes a one-dot leader, which
 * reads the same but links nowhere: a name like "Ann. Verify at evil.example" stays plain words.
 */
export function unlinkable(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1 ://')
    .replace(/([\p{L}\p{N}])\.(?=\p{L})/gu, '$1\u2024')
    .replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ');
}

/** The one look of every Furrow e-mail, in plain text and HTML with the same words. */
export function layout(input: Layout): MailMessage {
  const mail = {
    ...input,
    greeting: unlinkable(input.greeting),
    lines: input.lines.map(unlinkable),
    footer: unlinkable(input.footer),
  };
  const { highlight } = mail;
  const text = [
    mail.greeting,
    '',
    ...mail.lines.flatMap((line) => [line, '']),
    highlight.kind === 'code' ? `    ${highlight.value}` : highlight.value,
    '',
    mail.footer,
    '',
    `-- ${PRODUCT}, fresh food from farms near you`,
  ].join('\n');

  const block =
    highlight.kind === 'code'
      ? `<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:24px 0;color:#1f3d2b">${escapeHtml(highlight.value)}</p>`
      : `<p style="margin:24px 0"><a href="${escapeHtml(highlight.value)}" style="background:#2f6b45;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(highlight.label)}</a></p>
<p style="font-size:13px;color:#5b5b52">Or paste this address into your browser:<br>${escapeHtml(highlight.value)}</p>`;

  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:24px;background:#faf7f0;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;color:#23231f">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="font-size:20px;font-weight:700;color:#2f6b45;margin:0 0 24px">${PRODUCT}</p>
<p>${escapeHtml(mail.greeting)}</p>
${mail.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${block}
<p style="font-size:13px;color:#5b5b52">${escapeHtml(mail.footer)}</p>
</div>
</body>
</html>`;

  return { to: mail.to, subject: mail.subject, text, html, summary: mail.summary };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A farm suspended (with the admin's reason) or reinstated: the owner hears it at once. */
export function farmStatusMail(input: {
  to: string;
  firstName: string;
  farmName: string;
  /** The reason for a suspension; null when the farm was reinstated. */
  reason: string | null;
  dashboardLink: string;
}): MailMessage {
  const suspended = input.reason !== null;
  return layout({
    to: input.to,
    subject: suspended
      ? `${input.farmName} is suspended on ${PRODUCT}`
      : `${input.farmName} is back on ${PRODUCT}`,
    greeting: `Hello ${input.firstName},`,
    lines: suspended
      ? [
          `${input.farmName} has been suspended: shoppers cannot find it or order from it for now.`,
          `The reason given: ${input.reason}`,
          'Orders already placed stay visible to their customers. Reply to this e-mail to talk it over.',
        ]
      : [`${input.farmName} is active again: shoppers can find it and order from it.`],
    highlight: { kind: 'link', value: input.dashboardLink, label: 'Open your dashboard' },
    footer: `You receive this because you run ${input.farmName} on ${PRODUCT}.`,
    summary: suspended ? `farm suspended: ${input.farmName}` : `farm reinstated: ${input.farmName}`,
  });
}

/** A shopper's pending pre-order withdrawn because the farmer closed their account. */
export function preorderWithdrawnMail(input: {
  to: string;
  firstName: string;
  farmName: string;
  /** What was pre-ordered: "2 × Honeycrisp apples (lb)". */
  items: readonly string[];
  browseLink: string;
}): MailMessage {
  return layout({
    to: input.to,
    subject: `Your pre-order from ${input.farmName} is withdrawn`,
    greeting: `Hello ${input.firstName},`,
    lines: [
      `${input.farmName} has closed on ${PRODUCT}, so your pre-order cannot be filled: ${input.items.join(', ')}.`,
      'Nothing was charged for it. Other farms near you may grow the same.',
    ],
    highlight: { kind: 'link', value: input.browseLink, label: 'Find food near you' },
    footer: `You receive this because you pre-ordered from ${input.farmName} on ${PRODUCT}.`,
    summary: `pre-order withdrawn: ${input.farmName}`,
  });
}

/**
 * A farm opened near a place someone asked about ("Tell me when farms near me join"). The farm's
 * name goes to a stranger's inbox, so it is made unlinkable in the subject too, and the message
 * says it is the only one that sign-up brings.
 */
export function farmNearbyMail(input: {
  to: string;
  farmName: string;
  /** "Portland, OR"; empty when the farm gave no town. */
  place: string;
  /** From the nearest place this address asked about. */
  distanceKm: number;
  farmLink: string;
}): MailMessage {
  const where = input.place ? ` in ${input.place}` : '';
  const km = Math.max(1, Math.round(input.distanceKm));
  return layout({
    to: input.to,
    subject: unlinkable(`A farm near you just joined ${PRODUCT}: ${input.farmName}`),
    greeting: 'Hello,',
    lines: [
      `You asked us to tell you when a farm near you joins ${PRODUCT}. ${input.farmName}${where} just has, about ${km} km from the place you gave.`,
      'Its page shows what it sells and how to pick up or get a delivery, as it adds its products.',
    ],
    highlight: { kind: 'link', value: input.farmLink, label: 'See the farm' },
    footer: `This is the one e-mail that sign-up asked for: we will not write about it again. If you did not sign up on ${PRODUCT}, you can ignore it.`,
    summary: `farm nearby: ${input.farmName}`,
  });
}
