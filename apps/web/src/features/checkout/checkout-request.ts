import type { CreateOrderBody } from '@furrow/domain/api/orders';
import { CARD_PAYMENT_HOLD_MINUTES } from '@furrow/domain/card-payments';
import { type CartAction, type CartState, checkoutItems } from '@furrow/domain/cart';
import type { Point } from '@furrow/domain/delivery';
import type { ErrorDetail } from '@furrow/domain/errors';
import { dollarsToCents } from '@furrow/domain/money';
import { ApiError } from '../../lib/api-client';

/** What the shopper chose for one farm; a pickup slot stays unset for a farm without windows. */
export type FulfilmentChoice = { method: 'pickup'; slotId?: string } | { method: 'delivery' };

export interface DeliveryAddress {
  line: string;
  city: string;
  region: string;
  postalCode: string;
}

/**
 * The payment methods checkout offers. Card is offered only when every farm of the cart takes
 * cards (`cardPaymentOffered`): each farm is paid into its own account.
 */
export const paymentOptions = [
  {
    value: 'pay_at_pickup',
    label: 'Pay at pickup',
    description: 'Pay the farm in person when you collect your order or it is delivered.',
  },
  {
    value: 'card',
    label: 'Pay by card now',
    description: `On a secure payment page, straight to the farm. Your food is held for ${CARD_PAYMENT_HOLD_MINUTES} minutes while you pay.`,
  },
] as const satisfies readonly {
  value: CreateOrderBody['payment'];
  label: string;
  description: string;
}[];

export interface CheckoutInput {
  cart: CartState;
  choices: Record<string, FulfilmentChoice>;
  /** Needed only when some farm delivers. */
  delivery?: { address: DeliveryAddress; point: Point };
  payment: NonNullable<CreateOrderBody['payment']>;
  note: string;
}

/** The `POST /api/orders` body: every line with the price the shopper saw, one choice per farm. */
export function checkoutBody({
  cart,
  choices,
  delivery,
  payment,
  note,
}: CheckoutInput): CreateOrderBody {
  const farmIds = [...new Set(cart.items.map((item) => item.farmId))];
  return {
    items: checkoutItems(cart),
    fulfilment: farmIds.map((farmId) => {
      const choice = choices[farmId] ?? { method: 'pickup' };
      if (choice.method === 'delivery' && delivery) {
        return { farmId, method: 'delivery', address: delivery.address, point: delivery.point };
      }
      return choice.method === 'pickup' && choice.slotId
        ? { farmId, method: 'pickup', slotId: choice.slotId }
        : { farmId, method: 'pickup' };
    }),
    payment,
    note: note.trim(),
  };
}

/** Where the attempt in progress is kept, so that a reload after a network failure keeps its key. */
export const ATTEMPT_STORAGE_KEY = 'furrow.checkout-attempt';

interface Attempt {
  body: string;
  key: string;
}

function readAttempt(): Attempt | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(ATTEMPT_STORAGE_KEY) ?? 'null');
    return stored && typeof stored === 'object' && 'body' in stored && 'key' in stored
      ? { body: String(stored.body), key: String(stored.key) }
      : null;
  } catch {
    return null;
  }
}

function writeAttempt(attempt: Attempt | null) {
  try {
    if (attempt) sessionStorage.setItem(ATTEMPT_STORAGE_KEY, JSON.stringify(attempt));
    else sessionStorage.removeItem(ATTEMPT_STORAGE_KEY);
  } catch {
    // Storage can be disabled; the attempt then lasts as long as the page.
  }
}

/**
 * The Idempotency-Key of one attempt. The same body (a retry after the network failed, even after a
 * reload of the tab) reuses the key, so the server answers the orders it may already have made
 * instead of making them twice; a changed body (another slot, a cart the server corrected) is a new
 * attempt with a new key. `done` forgets the attempt once its orders are in, so that the same cart
 * ordered again later is a new order.
 */
export function createAttemptKeys(newKey: () => string = () => crypto.randomUUID()) {
  let last = readAttempt();
  return {
    keyFor(body: CreateOrderBody): string {
      const serialized = JSON.stringify(body);
      if (last?.body !== serialized) {
        last = { body: serialized, key: newKey() };
        writeAttempt(last);
      }
      return last.key;
    },
    done() {
      last = null;
      writeAttempt(null);
    },
  };
}

/**
 * The cart changes that bring it in line with a checkout the server refused for stock or price:
 * a sold-out line leaves, a short one drops to what is left (and its stock cap with it), a repriced
 * one takes the new price. Each line is taken out and put back as the server now sees it, through
 * the domain reducer, since the cart keeps a snapshot of price and stock.
 */
export function cartRepairs(cart: CartState, details: readonly ErrorDetail[]): CartAction[] {
  const actions: CartAction[] = [];
  for (const detail of details) {
    const item = cart.items.find((line) => line.productId === detail.productId);
    if (!item) continue;
    const { quantity, ...product } = item;
    if (detail.available !== undefined) {
      actions.push({ type: 'remove', productId: item.productId });
      if (detail.available > 0) {
        actions.push({
          type: 'add',
          item: { ...product, stock: detail.available },
          quantity: Math.min(quantity, detail.available),
        });
      }
    } else if (detail.price !== undefined) {
      actions.push({ type: 'remove', productId: item.productId });
      actions.push({
        type: 'add',
        item: { ...product, priceCents: dollarsToCents(detail.price) },
        quantity,
      });
    }
  }
  return actions;
}

/** What the server refused, kept on screen: stock and price changes list every line that changed. */
export interface Refusal {
  title: string;
  lines: string[];
}

/** The server's answer in the shopper's words, with every product it names. */
export function describeRefusal(error: Error): Refusal {
  if (error instanceof ApiError) {
    const lines = (error.details ?? []).map((detail) => detail.message);
    if (
      error.code === 'INSUFFICIENT_STOCK' ||
      error.code === 'PRICE_CHANGED' ||
      error.code === 'PRODUCT_HIDDEN'
    ) {
      return {
        title: `${error.message}. We updated your cart:`,
        lines:
          lines.length > 0
            ? [...lines, 'Check your order and place it again.']
            : ['Check your order and place it again.'],
      };
    }
    return { title: error.message, lines: lines.filter((line) => line !== error.message) };
  }
  return { title: 'We could not place your order', lines: [error.message] };
}
