import { describe, expect, it } from 'vitest';
import { parseStockInput, STOCK_INPUT_HINT } from './stock-input';

describe('parseStockInput', () => {
  it.each([
    ['0', 0],
    ['12', 12],
    [' 7 ', 7],
    ['1,200', 1200],
    ['1000000', 1_000_000],
  ])('reads %j as %d', (text, stock) => {
    expect(parseStockInput(text)).toEqual({ ok: true, stock });
  });

  it.each(['-1', '1.5', '2e3', 'ten', '+3', '1000001', '0x10'])(
    'refuses %j with the hint',
    (text) => {
      expect(parseStockInput(text)).toEqual({ ok: false, message: STOCK_INPUT_HINT });
    },
  );

  it('says an empty field needs a number', () => {
    expect(parseStockInput('  ')).toEqual({
      ok: false,
      message: `Stock is required. ${STOCK_INPUT_HINT}`,
    });
  });
});
