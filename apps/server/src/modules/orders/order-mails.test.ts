import { beforeAll, describe, expect, it } from 'vitest';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { memoryMailer } from '../../testing/mailer';
import { placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { useTestCast } from '../../testing/users';

const mail = memoryMailer();
const t = useTestApp({}, { mailer: mail });
const cast = useTestCast(t);

let farmId: string;
beforeAll(async () => {
  farmId = await createTestFarm(t, cast.owner, {
    name: 'Letter Farm',
    location: { lat: 45.5, lng: -122.6 },
    timeZone: 'America/Los_Angeles',
    contact: { email: 'stand@letter.farm' },
    delivery: { enabled: true, radiusKm: 30, fee: 4, minimumOrder: 0 },
    pickupWindows: [
      { kind: 'weekly', day: 'saturday', from: '09:00', to: '12:00', place: 'Red barn' },
    ],
  });
});

function product(stock: number) {
  return createTestProduct(t, cast.owner, farmId, {
    name: 'Sourdough',
    price: 7.5,
    unit: 'loaf',
    categorySlug: 'bakery',
    stock,
  });
}

/** Runs the queued jobs: the order's mail job, then the sending jobs it queued. */
async function delivered(to: string, subject: RegExp) {
  await t.app.jobs.drain();
  return mail.sent.filter((m) => m.to === to && subject.test(m.subject));
}

async function firstSlot() {
  const res = await t.app.inject({ method: 'GET', url: `/api/farms/${farmId}/pickup-slots` });
  return res.json().slots[0];
}

describe('order e-mails', () => {
  it('tell the customer and the farm about a new order, with the pickup slot', async () => {
    const id = await product(5);
    const slot = await firstSlot();
    const res = await placeOrder(t, cast.customer, {
      items: [{ productId: id, quantity: 2 }],
      fulfilment: [{ farmId, method: 'pickup', slotId: slot.id }],
      note: 'Sliced please',
    });
    const { number } = res.json().orders[0];
    const [customerMail] = await delivered(cast.customer.email, new RegExp(`${number} .*placed`));
    expect(customerMail?.text).toContain('2 x Sourdough (loaf): $15.00');
    expect(customerMail?.text).toContain(`${slot.from} to ${slot.to}, at Red barn`);
    expect(customerMail?.html).toContain('Red barn');
    const [farmMail] = await delivered('stand@letter.farm', new RegExp(`New order ${number}`));
    expect(farmMail?.text).toContain('Their note: Sliced please');
  });

  it('tell the customer when the order is ready, and when the farm cancels, with the reason', async () => {
    const id = await product(5);
    const place = () =>
      placeOrder(t, cast.customer, {
        items: [{ productId: id, quantity: 1 }],
        fulfilment: [
          {
            farmId,
            method: 'delivery',
            address: { line: '9 Elm St', city: 'Portland', region: 'OR', postalCode: '97202' },
            point: { lat: 45.48, lng: -122.62 },
          },
        ],
      });
    const move = (orderId: string, body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${orderId}/status`,
        headers: cast.owner.headers,
        payload: body,
      });

    const ready = (await place()).json().orders[0];
    await move(ready.id, { status: 'confirmed' });
    await move(ready.id, { status: 'ready' });
    const [readyMail] = await delivered(
      cast.customer.email,
      new RegExp(`${ready.number} is ready`),
    );
    expect(readyMail?.text).toContain('Delivery to 9 Elm St, Portland, OR 97202.');
    expect(readyMail?.text).toContain('Total $11.50, delivery $4.00');

    const cancelled = (await place()).json().orders[0];
    await move(cancelled.id, { status: 'cancelled', reason: 'The oven broke' });
    const [cancelMail] = await delivered(
      cast.customer.email,
      new RegExp(`${cancelled.number} is cancelled`),
    );
    expect(cancelMail?.text).toContain('Letter Farm cancelled your order');
    expect(cancelMail?.text).toContain('Reason: The oven broke');
  });

  it('tell the customer when a pre-order becomes an order', async () => {
    const id = await product(0);
    await t.app.inject({
      method: 'POST',
      url: '/api/preorders',
      headers: cast.customer.headers,
      payload: { productId: id, quantity: 1 },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/stock`,
      headers: cast.owner.headers,
      payload: { delta: 3 },
    });
    const [filled] = await delivered(cast.customer.email, /Your pre-order from Letter Farm/);
    expect(filled?.text).toContain('1 x Sourdough (loaf): $7.50');
    expect(filled?.text).toContain('at Red barn');
  });
});
