/**
 * Short order numbers people can read out at the farm stand: `F-10427`. They come from a database
 * sequence; the offset makes even the first order a five-digit number, so every number looks alike
 * and a new farm's first customer is not told they are the first.
 */

export const ORDER_NUMBER_PREFIX = 'F-';
export const ORDER_NUMBER_OFFSET = 10_000;

export function formatOrderNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`An order sequence number starts at 1: ${sequence}`);
  }
  return `${ORDER_NUMBER_PREFIX}${ORDER_NUMBER_OFFSET + sequence}`;
}

/**
 * The sequence number behind an order number, or null. Typed from a receipt or heard over the
 * phone, it may come in lower case, with a space or without the dash: "f 10427" is F-10427.
 */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*f\s*-?\s*(\d{5,15})\s*$/i.exec(text);
  if (match === null) return null;
  const sequence = Number(match[1]) - ORDER_NUMBER_OFFSET;
  return sequence >= 1 ? sequence : null;
}
