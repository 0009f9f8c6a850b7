import type { FarmStockBody, Product } from '@furrow/domain/api/products';
import { AppError } from '@furrow/domain/errors';
import { formatCount } from '@furrow/domain/numbers';
import { MAX_STOCK, type StockChange } from '@furrow/domain/stock';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Executor, type Tx, withTransaction } from '../../db/transaction';
import { authorize, type Viewer } from '../../policy/policy';
import { farms } from '../farms/farms.schema';
import { adjustStock, stockRefusal } from '../inventory';
import { selectProducts, toProductAnswer } from './product-answer';
import { products } from './products.schema';

type Line = FarmStockBody['lines'][number];

/**
 * Changes the stock of several of one farm's products in one transaction: every line is applied,
 * or none is. Each line is the statement one product's change is (`changeStock`): checked against
 * zero and the maximum as it is written, stamped with who changed it and when, and stock that may
 * have grown goes to that product's waiting pre-orders, in this same transaction.
 * Lines are applied in product-id order, so two such changes over the same products never deadlock.
 * Answers the changed products, by name, as the pre-order fills left them.
 */
export async function changeFarmStock(
  db: Executor,
  user: NonNullable<Viewer>,
  farmId: string,
  lines: Line[],
): Promise<Product[]> {
  const [farm] = await db
    .select({ id: farms.id, name: farms.name, farmerId: farms.farmerId })
    .from(farms)
    .where(eq(farms.id, farmId));
  if (!farm) throw new AppError('FARM_NOT_FOUND');
  authorize(user, 'product.updateStock', farm);

  const now = new Date();
  const ordered = lines
    .map((line, index) => ({ ...line, index }))
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  await withTransaction(db, async (tx) => {
    for (const line of ordered) {
      const change = {
        productId: line.productId,
        change: line.change,
        byUserId: user.id,
        scope: eq(products.farmId, farm.id),
      };
      if (!(await adjustStock(tx, change, now))) throw await lineRefusal(tx, farm, line);
    }
  });

  const rows = await selectProducts(db)
    .where(
      inArray(
        products.id,
        lines.map((line) => line.productId),
      ),
    )
    .orderBy(asc(products.name), asc(products.id));
  return rows.map(toProductAnswer);
}

/**
 * Why the database refused a line: the product is not one of this farm's (404, whoever's it is, so
 * that nothing is told about other farms), or the stock would leave zero to the maximum. The
 * details name the line, so that a client can point at the row.
 */
async function lineRefusal(
  tx: Tx,
  farm: { id: string; name: string },
  line: Line & { index: number },
): Promise<AppError> {
  const [product] = await tx
    .select({ name: products.name, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, line.productId), eq(products.farmId, farm.id)));
  if (!product) {
    return new AppError('PRODUCT_NOT_FOUND', undefined, [
      {
        field: `lines.${line.index}.productId`,
        message: `${farm.name} has no product with this id`,
        productId: line.productId,
      },
    ]);
  }
  const code = stockRefusal(product.stock, line.change);
  return new AppError(code, undefined, [
    {
      field: `lines.${line.index}`,
      message: refusalText(code, product.name, product.stock, line.change),
      productId: line.productId,
      name: product.name,
      available: product.stock,
    },
  ]);
}

function refusalText(
  code: 'STOCK_TOO_HIGH' | 'INSUFFICIENT_STOCK',
  name: string,
  stock: number,
  change: StockChange,
): string {
  if (code === 'STOCK_TOO_HIGH')
    return `${name} would have more than ${formatCount(MAX_STOCK)} in stock`;
  const taken = 'delta' in change ? -change.delta : 0;
  return `Only ${stock} of ${name} in stock: ${taken} cannot be taken`;
}
