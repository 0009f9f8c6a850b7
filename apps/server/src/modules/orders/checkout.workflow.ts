import { createHash, randomUUID } from 'node:crypto';
import type { CreateOrder, CreateOrderAnswer } from '@furrow/domain/api/orders';
import { paymentHoldEnds } from '@furrow/domain/card-payments';
import {
  type CheckoutProduct,
  inLockOrder,
  reviewCheckout,
  stockShortfalls,
} from '@furrow/domain/checkout';
import { AppError, stockShortfallDetail } from '@furrow/domain/errors';
import { instantToFarmTime } from '@furrow/domain/farm-time';
import { isUpcoming } from '@furrow/domain/preorders';
import { isHidden } from '@furrow/domain/product-visibility';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Tx, withTransaction } from '../../db/transaction';
import type { Viewer } from '../../policy/policy';
import { farms } from '../farms/farms.schema';
import { takeStock } from '../inventory';
import { products } from '../products/products.schema';
import { farmersSelling } from '../subscriptions';
import { type CardPaymentDeps, openCardPayments, queueRelease } from './card-payments';
import { resolveFulfilment } from './fulfilment';
import { loadOrders } from './order-answer';
import { queueOrderMail } from './order-mails';
import { insertOrder } from './order-records';
import { checkoutRequests } from './orders.schema';

type FarmRecord = typeof farms.$inferSelect;

/**
 * Checkout (product rules: cart and checkout): the cart becomes one order per farm in ONE
 * transaction.
 *
 * 1. Claim the Idempotency-Key: a retry of the same body waits for the first attempt and gets its
 *    answer; another body under the same key is refused.
 * 2. Read the products and review the cart (gone, farm closed, no choice, price, stock).
 * 3. Take the stock line by line in product-id order with a conditional UPDATE (inventory's
 *    `takeStock`), so that concurrent checkouts queue on the rows instead of deadlocking and none
 *    can take what is not there. Each line is sold to, or held for, its farm's order.
 * 4. Check each farm's pickup slot or delivery, then write the orders and their first history entry.
 *
 * Any refusal throws, and the transaction undoes steps 1 to 4 together: nothing is taken. Nothing
 * outside the database happens here: the e-mails are jobs, queued in the same transaction.
 */
export async function checkout(
  deps: CardPaymentDeps,
  customer: NonNullable<Viewer>,
  idempotencyKey: string,
  body: CreateOrder,
): Promise<CreateOrderAnswer> {
  const answer = await placeOrders(deps.db, customer, idempotencyKey, body, deps.clock());
  // Card orders get their hosted checkouts once the orders are committed: no provider call inside
  // the transaction (product rules: card payments).
  return body.payment === 'card'
    ? openCardPayments(deps, customer.id, idempotencyKey, answer)
    : answer;
}

async function placeOrders(
  db: Db,
  customer: NonNullable<Viewer>,
  idempotencyKey: string,
  body: CreateOrder,
  now: Date,
): Promise<CreateOrderAnswer> {
  const bodyHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  return withTransaction(db, async (tx) => {
    const previous = await claimKey(tx, customer.id, idempotencyKey, bodyHash);
    // The key was seen before: the first answer again, and nothing taken twice.
    if (previous) return previous;

    const { productsById, farmsById } = await readCart(tx, body, now);
    const today = earliestToday(farmsById, now);
    const review = reviewCheckout(
      body.items,
      productsById,
      body.fulfilment.map((choice) => choice.farmId),
      today,
    );
    if (!review.ok) throw new AppError(review.code, undefined, review.details);
    const byCard = body.payment === 'card';
    if (byCard) refuseFarmsWithoutCards(review.farms, farmsById);
    const paymentDueAt = byCard ? paymentHoldEnds(now) : undefined;

    // Each farm's order id is chosen now: the stock taken for it names it in the stock ledger.
    const orderIdOf = new Map(review.farms.map(({ farmId }) => [farmId, randomUUID()]));
    await takeOrderStock(tx, body.items, productsById, orderIdOf, { byCard, today, now });

    const orderIds: string[] = [];
    for (const { farmId, lines } of review.farms) {
      const farm = farmsById.get(farmId);
      const choice = body.fulfilment.find((entry) => entry.farmId === farmId);
      if (!farm || !choice) throw new Error(`checkout lost farm ${farmId}`);
      const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
      const fulfilment = await resolveFulfilment(tx, farm, choice, subtotalCents, now);
      const orderId = await insertOrder(tx, {
        id: orderIdOf.get(farmId),
        customerId: customer.id,
        farm,
        lines,
        fulfilment,
        farmToday: instantToFarmTime(now, farm.timeZone).date,
        payment: body.payment,
        paymentDueAt,
        note: body.note,
        by: { userId: customer.id, role: customer.role },
        now,
      });
      // A card order is announced once paid; until then its release is what is queued.
      if (paymentDueAt) await queueRelease(tx, orderId, paymentDueAt);
      else await queueOrderMail(tx, orderId, 'placed');
      orderIds.push(orderId);
    }

    const orders = await loadOrders(tx, orderIds);
    const answer: CreateOrderAnswer = {
      message: byCard
        ? 'Pay by card to place your order'
        : orders.length === 1
          ? 'Order placed'
          : `${orders.length} orders placed`,
      orders,
    };
    await tx
      .update(checkoutRequests)
      .set({ answer })
      .where(
        and(eq(checkoutRequests.customerId, customer.id), eq(checkoutRequests.key, idempotencyKey)),
      );
    return answer;
  });
}

/** Card payments go to each farm's own account: every farm of a card checkout must have one. */
function refuseFarmsWithoutCards(
  ordered: readonly { farmId: string }[],
  farmsById: ReadonlyMap<string, FarmRecord>,
): void {
  const without = ordered
    .map(({ farmId }) => farmsById.get(farmId))
    .filter((farm) => farm && !(farm.chargesEnabled && farm.payoutAccountId));
  if (without.length === 0) return;
  throw new AppError(
    'CARD_NOT_ACCEPTED',
    without.length === 1
      ? `${without[0]?.name} does not take card payments yet; choose pay at pickup`
      : `${without.map((farm) => farm?.name).join(' and ')} do not take card payments yet; choose pay at pickup`,
    without.map((farm) => ({ field: 'payment', message: `${farm?.name} does not take cards` })),
  );
}

/**
 * Inserts the key, or finds it taken. A concurrent checkout with the same key holds the row's
 * index entry until it ends: this insert waits for it, and then either finds its committed answer
 * or, when it rolled back, claims the key itself.
 */
async function claimKey(
  tx: Tx,
  customerId: string,
  key: string,
  bodyHash: string,
): Promise<CreateOrderAnswer | null> {
  // Keys answer for a day, as payment providers' do: long enough for any retry, and the table
  // stays as small as one day of the customer's checkouts.
  await tx
    .delete(checkoutRequests)
    .where(
      and(
        eq(checkoutRequests.customerId, customerId),
        lt(checkoutRequests.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  const claimed = await tx
    .insert(checkoutRequests)
    .values({ customerId, key, bodyHash, answer: {} })
    .onConflictDoNothing()
    .returning({ key: checkoutRequests.key });
  if (claimed.length > 0) return null;
  const [previous] = await tx
    .select()
    .from(checkoutRequests)
    .where(and(eq(checkoutRequests.customerId, customerId), eq(checkoutRequests.key, key)));
  if (!previous) throw new Error('idempotency key neither claimed nor found');
  if (previous.bodyHash !== bodyHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return previous.answer as CreateOrderAnswer;
}

async function readCart(tx: Tx, body: CreateOrder, now: Date) {
  const rows = await tx
    .select({ product: products, farm: farms })
    .from(products)
    .innerJoin(farms, eq(farms.id, products.farmId))
    .where(
      inArray(
        products.id,
        body.items.map((item) => item.productId),
      ),
    );
  const farmsById = new Map<string, FarmRecord>(rows.map(({ farm }) => [farm.id, farm]));
  const selling = await farmersSelling(tx, [...new Set(rows.map(({ farm }) => farm.farmerId))]);
  const productsById = new Map<string, CheckoutProduct>(
    rows.map(({ product, farm }) => {
      const farmToday = instantToFarmTime(now, farm.timeZone).date;
      return [
        product.id,
        {
          id: product.id,
          name: product.name,
          unit: product.unit,
          priceCents: product.priceCents,
          stock: product.stock,
          // Upcoming is judged on the product's own farm calendar (see `earliestToday`).
          availableFrom: isUpcoming(product, farmToday) ? product.availableFrom : null,
          farmId: farm.id,
          farmName: farm.name,
          farmActive: farm.status === 'active' && selling.has(farm.farmerId),
          hidden: isHidden(product),
        },
      ];
    }),
  );
  return { productsById, farmsById };
}

/**
 * The review takes one "today", but farms keep their own calendars. Products are already marked
 * upcoming or not on their farm's calendar, so the earliest of the farms' dates keeps every
 * upcoming product upcoming and makes no other one so.
 */
function earliestToday(farmsById: ReadonlyMap<string, FarmRecord>, now: Date): string {
  const dates = [...farmsById.values()].map((farm) => instantToFarmTime(now, farm.timeZone).date);
  return dates.sort()[0] ?? now.toISOString().slice(0, 10);
}

/**
 * Takes the cart's stock for each farm's order: sold, or held until a card payment arrives. The
 * review read the stock a moment ago; when a concurrent checkout took it since, the take fails, and
 * the products short are read again to say how many are left.
 */
async function takeOrderStock(
  tx: Tx,
  items: CreateOrder['items'],
  productsById: ReadonlyMap<string, CheckoutProduct>,
  orderIdOf: ReadonlyMap<string, string>,
  checkout: { byCard: boolean; today: string; now: Date },
): Promise<void> {
  const lines = items.map((item) => {
    const orderId = orderIdOf.get(productsById.get(item.productId)?.farmId ?? '');
    if (!orderId) throw new Error(`checkout lost the farm of ${item.productId}`);
    return { ...item, orderId };
  });
  const reason = checkout.byCard ? 'reserved' : 'sold';
  if ((await takeStock(tx, lines, reason, checkout.now)) === null) return;
  const current = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(
      inArray(
        products.id,
        items.map((line) => line.productId),
      ),
    );
  const fresh = new Map(productsById);
  for (const row of current) {
    const product = fresh.get(row.id);
    if (product) fresh.set(row.id, { ...product, stock: row.stock });
  }
  throw new AppError(
    'INSUFFICIENT_STOCK',
    undefined,
    inLockOrder(stockShortfalls(items, fresh, checkout.today)).map(stockShortfallDetail),
  );
}
