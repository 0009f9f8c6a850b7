import { formatCount } from '@furrow/domain/numbers';
import { MAX_STOCK } from '@furrow/domain/stock';

/** A number field without the browser's little arrows: − and + (or typing) do what they would. */
export const plainNumberField =
  '[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none';

export const STOCK_INPUT_HINT = `Enter a whole number from 0 to ${formatCount(MAX_STOCK)}.`;

/**
 * What a farmer typed as a stock count: a whole number from zero to the maximum, or the reason it
 * is not one. Spaces around it and thousands separators ("1,200") are forgiven; anything else
 * (a sign, a decimal point, a letter) is refused rather than guessed at.
 */
export function parseStockInput(
  text: string,
): { ok: true; stock: number } | { ok: false; message: string } {
  const cleaned = text.trim().replaceAll(',', '');
  if (cleaned === '') return { ok: false, message: `Stock is required. ${STOCK_INPUT_HINT}` };
  if (!/^\d+$/.test(cleaned)) return { ok: false, message: STOCK_INPUT_HINT };
  const stock = Number(cleaned);
  if (stock > MAX_STOCK) return { ok: false, message: STOCK_INPUT_HINT };
  return { ok: true, stock };
}
