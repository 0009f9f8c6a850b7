import type { Order } from '@furrow/domain/api/orders';
import { formatLongDate } from '@furrow/domain/dates';
import { dollarsToCents, formatUsd } from '@furrow/domain/money';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { MailMessage } from '../../adapters/mail';
import { layout } from '../../adapters/mail-templates';
import type { Db } from '../../db/client';
import { type Executor, withTransaction } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { defineJob } from '../../jobs/job-kind';
import { type ClaimedJob, completeJob } from '../../jobs/job-store';
import { sendMail } from '../../jobs/send-mail';
import type { Worker } from '../../jobs/worker';
import { farms } from '../farms/farms.schema';
import { users } from '../users/users.schema';
import { loadOrders } from './order-answer';

/**
 * The e-mails of an order's life (product rules: messages and e-mails). The transaction that
 * changes the order queues an `order.mail` job naming the order and what happened; the job
 * reads the order as it then is, writes the messages and queues them for sending, so that no
 * e-mail leaves for a change that rolled back.
 */

const orderEvents = ['placed', 'ready', 'cancelled', 'preorder-filled'] as const;
type OrderEvent = (typeof orderEvents)[number];

export const orderMail = defineJob(
  'order.mail',
  z.object({ orderId: z.uuid(), event: z.enum(orderEvents) }),
);

/** Queues the e-mails of `event` in the caller's transaction. */
export async function queueOrderMail(
  tx: Executor,
  orderId: string,
  event: OrderEvent,
): Promise<void> {
  await enqueue(tx, orderMail, { orderId, event });
}

export function registerOrderMailJobs(worker: Worker, deps: { db: Db; publicUrl: string }): void {
  worker.handle(orderMail, ({ orderId, event }, job) => writeOrderMails(deps, job, orderId, event));
}

async function writeOrderMails(
  deps: { db: Db; publicUrl: string },
  job: ClaimedJob,
  orderId: string,
  event: OrderEvent,
): Promise<void> {
  const { db } = deps;
  const [order] = await loadOrders(db, [orderId]);
  if (!order) return;
  const [people] = await db
    .select({
      customerEmail: users.email,
      customerFirstName: users.firstName,
      farmEmail: farms.contactEmail,
      farmerId: farms.farmerId,
    })
    .from(users)
    // The farm is gone when its farmer deleted their account after the order's news: the customer
    // is still told.
    .leftJoin(farms, order.farm.id === null ? sql`false` : eq(farms.id, order.farm.id))
    .where(eq(users.id, order.customer.id));
  if (!people) return;
  const customer = { to: people.customerEmail, firstName: people.customerFirstName || 'there' };
  const link = `${deps.publicUrl}/orders/${order.id}`;
  const messages: MailMessage[] = [];
  if (event === 'placed') {
    messages.push(orderPlacedMail(customer, order, link));
    const farmerEmail =
      people.farmEmail || (people.farmerId && (await userEmail(db, people.farmerId)));
    if (farmerEmail) {
      messages.push(newOrderMail(farmerEmail, order, `${deps.publicUrl}/farmers/orders`));
    }
  } else if (event === 'ready') {
    messages.push(orderReadyMail(customer, order, link));
  } else if (event === 'cancelled') {
    messages.push(orderCancelledMail(customer, order, link));
  } else {
    messages.push(preorderFilledMail(customer, order, link));
  }
  // The job ends in the transaction that queues its messages: a crash between the two would
  // otherwise run it again after the restart and send every message twice.
  await withTransaction(db, async (tx) => {
    if (!(await completeJob(tx, job))) return;
    for (const message of messages) await enqueue(tx, sendMail, message);
  });
}

async function userEmail(db: Db, id: string): Promise<string | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return user?.email;
}

function usd(dollars: number): string {
  return formatUsd(dollarsToCents(dollars));
}

function lineList(order: Order): string[] {
  return order.lines.map(
    (line) => `${line.quantity} x ${line.name} (${line.unit}): ${usd(line.lineTotal)}`,
  );
}

function totalLine(order: Order): string {
  const fee = order.deliveryFee > 0 ? `, delivery ${usd(order.deliveryFee)}` : '';
  return `Total ${usd(order.total)}${fee}; pay the farm when you ${
    order.fulfilment.method === 'pickup' ? 'pick it up' : 'receive it'
  }.`;
}

/** Where and when: the pickup slot, the farm's own pickup instructions, or the delivery address. */
function fulfilmentLine(order: Order): string {
  const { fulfilment } = order;
  if (fulfilment.method === 'delivery') {
    const { line, city, region, postalCode } = fulfilment.address;
    return `Delivery to ${[line, city, [region, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}.`;
  }
  if (fulfilment.slot) {
    const { date, from, to, place } = fulfilment.slot;
    return `Pickup on ${formatLongDate(date)}, ${from} to ${to}, at ${place}.`;
  }
  const instructions = fulfilment.instructions.trim();
  return instructions
    ? `Pickup at ${order.farm.name}: ${instructions}`
    : `Pickup at ${order.farm.name}; the farm will tell you when.`;
}

type Recipient = { to: string; firstName: string };

const footer = 'You get this e-mail because you ordered through Furrow.';

function orderPlacedMail(customer: Recipient, order: Order, link: string): MailMessage {
  return layout({
    to: customer.to,
    subject: `Order ${order.number} from ${order.farm.name} is placed`,
    greeting: `Hello ${customer.firstName},`,
    lines: [
      `Thank you! ${order.farm.name} has your order ${order.number}.`,
      ...lineList(order),
      totalLine(order),
      fulfilmentLine(order),
    ],
    highlight: { kind: 'link', value: link, label: 'See your order' },
    footer,
    summary: `order ${order.number} placed`,
  });
}

function newOrderMail(to: string, order: Order, link: string): MailMessage {
  return layout({
    to,
    subject: `New order ${order.number} from ${order.customer.name}`,
    greeting: `Hello ${order.farm.name},`,
    lines: [
      `${order.customer.name} ordered:`,
      ...lineList(order),
      totalLine(order),
      fulfilmentLine(order),
      ...(order.note ? [`Their note: ${order.note}`] : []),
    ],
    highlight: { kind: 'link', value: link, label: 'See your orders' },
    footer: 'You get this e-mail because your farm sells on Furrow.',
    summary: `new order ${order.number} for ${order.farm.name}`,
  });
}

function orderReadyMail(customer: Recipient, order: Order, link: string): MailMessage {
  return layout({
    to: customer.to,
    subject: `Order ${order.number} is ready`,
    greeting: `Hello ${customer.firstName},`,
    lines: [
      order.fulfilment.method === 'pickup'
        ? `Your order ${order.number} from ${order.farm.name} is packed and ready for pickup.`
        : `Your order ${order.number} from ${order.farm.name} is packed and ready to be delivered.`,
      fulfilmentLine(order),
      totalLine(order),
    ],
    highlight: { kind: 'link', value: link, label: 'See your order' },
    footer,
    summary: `order ${order.number} ready`,
  });
}

function orderCancelledMail(customer: Recipient, order: Order, link: string): MailMessage {
  const cancelled = order.history.findLast((entry) => entry.status === 'cancelled');
  const byFarm = cancelled?.byRole !== 'customer';
  return layout({
    to: customer.to,
    subject: `Order ${order.number} is cancelled`,
    greeting: `Hello ${customer.firstName},`,
    lines: [
      byFarm
        ? `${order.farm.name} cancelled your order ${order.number}.`
        : `Your order ${order.number} from ${order.farm.name} is cancelled, as you asked.`,
      ...(cancelled?.reason ? [`Reason: ${cancelled.reason}`] : []),
      'Nothing is owed for it.',
    ],
    highlight: { kind: 'link', value: link, label: 'See your order' },
    footer,
    summary: `order ${order.number} cancelled`,
  });
}

function preorderFilledMail(customer: Recipient, order: Order, link: string): MailMessage {
  return layout({
    to: customer.to,
    subject: `Your pre-order from ${order.farm.name} is now order ${order.number}`,
    greeting: `Hello ${customer.firstName},`,
    lines: [
      `Good news: what you pre-ordered from ${order.farm.name} has arrived, and is now order ${order.number}.`,
      ...lineList(order),
      totalLine(order),
      fulfilmentLine(order),
    ],
    highlight: { kind: 'link', value: link, label: 'See your order' },
    footer,
    summary: `pre-order filled as order ${order.number}`,
  });
}
