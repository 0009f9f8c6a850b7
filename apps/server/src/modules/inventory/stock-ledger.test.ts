import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Tx, withTransaction } from '../../db/transaction';
import { createTestFarm, createTestProduct } from '../../testing/farms';
import { pickupCart, placeOrder } from '../../testing/orders';
import { useTestApp } from '../../testing/test-app';
import { useTestCast } from '../../testing/users';
import { products } from '../products/products.schema';
import { adjustStock, setInitialStock } from './farmer-stock';
import { type OrderLine, putBackStock, takeStock } from './order-stock';
import { stockHistory } from './stock-ledger';

const t = useTestApp();
const cast = useTestCast(t);

let farmId: string;
beforeAll(async () => {
  farmId = await createTestFarm(t, cast.owner, {
    name: 'Ledger Farm',
    location: { lat: 44.05, lng: -123.09 },
  });
});

const send = (
  method: 'POST' | 'PATCH',
  url: string,
  payload: object,
  headers = cast.owner.headers,
) => t.app.inject({ method, url, headers, payload });

/** The product's stock, and the sum of its ledger. */
async function stockAndLedger(productId: string): Promise<{ stock: number; ledger: number }> {
  const [row] = await t.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  const movements = await stockHistory(t.database.db, productId);
  return {
    stock: row?.stock ?? Number.NaN,
    ledger: movements.reduce((sum, movement) => sum + movement.delta, 0),
  };
}

describe('the stock ledger', () => {
  it('says why stock moved, with the order or the farmer, and sums to the stock', async () => {
    const id = await createTestProduct(t, cast.owner, farmId, {
      name: 'Ledger eggs',
      price: 6,
      unit: 'dozen',
      categorySlug: 'eggs-dairy',
      stock: 5,
    });
    expect((await send('POST', `/api/products/${id}/stock`, { delta: 3 })).statusCode).toBe(200);
    expect((await send('POST', `/api/products/${id}/stock`, { stock: 2 })).statusCode).toBe(200);
    const placed = await placeOrder(
      t,
      cast.customer,
      pickupCart(farmId, [{ productId: id, quantity: 1 }]),
    );
    expect(placed.statusCode).toBe(201);
    const orderId: string = placed.json().orders[0].id;
    const cancelled = await send(
      'PATCH',
      `/api/orders/${orderId}/status`,
      { status: 'cancelled' },
      cast.customer.headers,
    );
    expect(cancelled.statusCode).toBe(200);

    const movements = await stockHistory(t.database.db, id);
    expect(
      movements.map(({ delta, reason, orderId, byUserId }) => ({
        delta,
        reason,
        orderId,
        byUserId,
      })),
    ).toEqual([
      { delta: 5, reason: 'initial', orderId: null, byUserId: cast.owner.id },
      { delta: 3, reason: 'restock', orderId: null, byUserId: cast.owner.id },
      { delta: -6, reason: 'adjustment', orderId: null, byUserId: cast.owner.id },
      { delta: -1, reason: 'sold', orderId, byUserId: null },
      { delta: 1, reason: 'returned', orderId, byUserId: null },
    ]);
    expect(await stockAndLedger(id)).toEqual({ stock: 2, ledger: 2 });
  });

  it('holds whatever checkouts, holds, cancellations, releases and adjustments run, in any order', async () => {
    const byUserId = cast.owner.id;
    const lineOf = fc.record({ product: fc.nat(2), quantity: fc.integer({ min: 1, max: 4 }) });
    const step = fc.oneof(
      fc.record({
        kind: fc.constantFrom('sold', 'reserved'),
        lines: fc.array(lineOf, { minLength: 1, maxLength: 2 }),
      }),
      fc.record({ kind: fc.constant('cancel'), pick: fc.nat() }),
      fc.record({ kind: fc.constant('expire'), pick: fc.nat() }),
      fc.record({
        kind: fc.constant('restock'),
        product: fc.nat(2),
        delta: fc.integer({ min: 1, max: 6 }),
      }),
      fc.record({
        kind: fc.constant('adjust'),
        product: fc.nat(2),
        delta: fc.integer({ min: -8, max: 8 }),
      }),
      fc.record({ kind: fc.constant('set'), product: fc.nat(2), stock: fc.nat(12) }),
    );

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(6), { minLength: 3, maxLength: 3 }),
        fc.array(step, { maxLength: 20 }),
        async (starts, steps) => {
          const now = new Date();
          const ids = await withTransaction(t.database.db, async (tx) => {
            const rows = await tx
              .insert(products)
              .values(
                starts.map((_, n) => ({
                  farmId,
                  farmerId: cast.owner.id,
                  name: `Ledger ${n}`,
                  priceCents: 100,
                  unit: 'each',
                  categorySlug: 'vegetables' as const,
                })),
              )
              .returning({ id: products.id });
            const made = rows.map((row) => row.id);
            await setInitialStock(
              tx,
              made.map((productId, n) => ({ productId, stock: starts[n] ?? 0 })),
              byUserId,
              now,
            );
            return made;
          });
          const expected = [...starts];
          const open = { sold: [] as OrderLine[][], reserved: [] as OrderLine[][] };
          const idOf = (n: number) => ids[n % ids.length] as string;

          for (const s of steps) {
            if ('lines' in s) {
              const orderId = randomUUID();
              const lines = s.lines.map((line) => ({
                productId: idOf(line.product),
                quantity: line.quantity,
                orderId,
              }));
              const wanted = new Map<number, number>();
              for (const line of s.lines)
                wanted.set(line.product, (wanted.get(line.product) ?? 0) + line.quantity);
              const fits = [...wanted].every(([n, quantity]) => (expected[n] ?? 0) >= quantity);
              const taken = await withTransaction(t.database.db, async (tx: Tx) => {
                if ((await takeStock(tx, lines, s.kind, now)) !== null) tx.rollback();
                return true;
              }).catch(() => false);
              expect(taken).toBe(fits);
              if (!taken) continue;
              for (const [n, quantity] of wanted) expected[n] = (expected[n] ?? 0) - quantity;
              open[s.kind].push(lines);
            } else if ('pick' in s) {
              const orders = s.kind === 'cancel' ? open.sold : open.reserved;
              if (orders.length === 0) continue;
              const [lines = []] = orders.splice(s.pick % orders.length, 1);
              await withTransaction(t.database.db, (tx) =>
                putBackStock(tx, lines, s.kind === 'cancel' ? 'returned' : 'released', now),
              );
              for (const line of lines) {
                const n = ids.indexOf(line.productId);
                expected[n] = (expected[n] ?? 0) + line.quantity;
              }
            } else {
              const change = s.kind === 'set' ? { stock: s.stock } : { delta: s.delta };
              const before = expected[s.product] ?? 0;
              const after = s.kind === 'set' ? s.stock : before + s.delta;
              const row = await withTransaction(t.database.db, (tx) =>
                adjustStock(tx, { productId: idOf(s.product), change, byUserId }, now),
              );
              expect(row !== undefined).toBe(after >= 0);
              if (row) expected[s.product] = after;
            }
          }

          for (const [n, productId] of ids.entries()) {
            const { stock, ledger } = await stockAndLedger(productId);
            expect(stock).toBeGreaterThanOrEqual(0);
            expect({ stock, ledger }).toEqual({ stock: expected[n], ledger: expected[n] });
          }
          await t.database.db.delete(products).where(inArray(products.id, ids));
        },
      ),
      { numRuns: 25 },
    );
  });
});
