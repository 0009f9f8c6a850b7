import { formatLongDate } from '@furrow/domain/dates';
import { formatUsd } from '@furrow/domain/money';
import type { Plan } from '@furrow/domain/plans';
import type { MailMessage } from '../../adapters/mail';
import { layout } from '../../adapters/mail-templates';

interface Bill {
  to: string;
  firstName: string;
  planName: string;
  amountCents: number;
  /** The farmer's billing page. */
  link: string;
}

/**
 * A receipt for a charge that went through. When the charge started a smaller plan, it names the
 * products the plan's limit took out of the shop and how to bring them back.
 */
export function receiptMail(
  bill: Bill & { paidUntil: Date; hiddenProducts?: string[]; plan?: Plan },
): MailMessage {
  const hidden = bill.hiddenProducts ?? [];
  return layout({
    to: bill.to,
    subject: `Your Furrow receipt: ${formatUsd(bill.amountCents)} for ${bill.planName}`,
    greeting: `Hello ${bill.firstName},`,
    lines: [
      `Thank you: we charged ${formatUsd(bill.amountCents)} for your ${bill.planName} plan.`,
      `Your plan runs until ${formatLongDate(bill.paidUntil)} and renews by itself.`,
      ...(hidden.length > 0 && bill.plan
        ? [
            `Your ${bill.plan.name} plan shows up to ${bill.plan.maxProducts} products, so we hid ${hidden.length === 1 ? 'this one' : `these ${hidden.length}`} from your shop (nothing is deleted): ${hidden.join(', ')}.`,
            'Upgrade your plan to show them again, or hide other products to make room.',
          ]
        : []),
    ],
    highlight: { kind: 'link', value: bill.link, label: 'See your billing' },
    footer: 'You can change or cancel your plan at any time from your billing page.',
    summary: `receipt ${formatUsd(bill.amountCents)} ${bill.planName}`,
  });
}

/** A charge that failed, or could not be made: the farm is read-only until it is paid. */
export function paymentFailedMail(bill: Bill & { reason: string }): MailMessage {
  return layout({
    to: bill.to,
    subject: `Action needed: your Furrow payment of ${formatUsd(bill.amountCents)} did not go through`,
    greeting: `Hello ${bill.firstName},`,
    lines: [
      `We could not charge ${formatUsd(bill.amountCents)} for your ${bill.planName} plan: ${bill.reason.replace(/\.$/, '')}.`,
      'Your farm stays visible, but you cannot publish products until the bill is paid. Add or update a card and we will try again.',
    ],
    highlight: { kind: 'link', value: bill.link, label: 'Add a card' },
    footer: 'If you meant to stop, you can cancel your plan from the same page.',
    summary: `payment failed ${formatUsd(bill.amountCents)} ${bill.planName}`,
  });
}
