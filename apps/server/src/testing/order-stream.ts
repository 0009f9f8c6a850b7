import { randomUUID } from 'node:crypto';
import type { Shop } from './process-data';
import type { TestUser } from './users';

export interface SentOrder {
  key: string;
  customer: TestUser;
  body: { items: { productId: string; quantity: number }[]; fulfilment: object[] };
  /** The HTTP status, or null when the connection ended without an answer (the process died). */
  status: number | null;
  /** The orders a 201 answered. */
  orders: { id: string; number: string }[];
}

/** A cart of one or two of the shop's products, one to three of each. */
function randomCart(shop: Shop): SentOrder['body'] {
  const first = Math.floor(Math.random() * shop.products.length);
  const picked = new Set([first, Math.floor(Math.random() * shop.products.length)]);
  return {
    items: [...picked].map((i) => ({
      productId: shop.products[i]?.id ?? '',
      quantity: 1 + Math.floor(Math.random() * 3),
    })),
    fulfilment: [{ farmId: shop.farmId, method: 'pickup' }],
  };
}

/** `POST /api/orders` over HTTP; an answer that never comes is recorded, not thrown. */
export async function sendOrder(
  baseUrl: string,
  order: Pick<SentOrder, 'key' | 'customer' | 'body'>,
): Promise<SentOrder> {
  try {
    const res = await fetch(`${baseUrl}/api/orders`, {
      method: 'POST',
      headers: {
        ...order.customer.headers,
        'content-type': 'application/json',
        'idempotency-key': order.key,
      },
      body: JSON.stringify(order.body),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await res.json()) as { orders?: { id: string; number: string }[] };
    return {
      ...order,
      status: res.status,
      orders: res.status === 201 ? (answer.orders ?? []) : [],
    };
  } catch {
    return { ...order, status: null, orders: [] };
  }
}

/**
 * `lanes` shoppers checking out one cart after another, each against the next of `servers` in
 * turn, until `stop()` says so or a lane gets no answer (its server is gone).
 */
export async function orderStream(options: {
  servers: string[];
  shop: Shop;
  lanes: number;
  stop: () => boolean;
  onAnswer?: (sent: SentOrder) => void;
}): Promise<SentOrder[]> {
  const { servers, shop, lanes, stop } = options;
  const sent: SentOrder[] = [];
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const customer = shop.customers[lane % shop.customers.length] as TestUser;
      for (let turn = 0; !stop(); turn++) {
        const server = servers[(lane + turn) % servers.length] as string;
        const result = await sendOrder(server, {
          key: randomUUID(),
          customer,
          body: randomCart(shop),
        });
        sent.push(result);
        options.onAnswer?.(result);
        if (result.status === null) return;
      }
    }),
  );
  return sent;
}
