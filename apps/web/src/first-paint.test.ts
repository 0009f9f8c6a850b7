import { describe, expect, it } from 'vitest';
import { storeCart } from './features/cart/cart-test-items';
import { demoMetros } from './features/location/locations';
import { storeLocation } from './features/location/stored-location';
import { prerenderFits, shellFits } from './first-paint';
import { TOKEN_STORAGE_KEY } from './lib/api-client';
import { paths } from './lib/paths';

const [portland, austin] = demoMetros;

describe('whether a prerendered page fits the visitor', () => {
  it('fits a first visit: nothing stored, no search in the address', () => {
    expect(prerenderFits(paths.home, '')).toBe(true);
    expect(prerenderFits(paths.welcome, '')).toBe(true);
  });

  it('does not fit an address with a search or a filter in it', () => {
    expect(prerenderFits(paths.home, '?category=vegetables')).toBe(false);
  });

  it('does not fit a signed-in visitor, whose header differs', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored.token.value');
    expect(prerenderFits(paths.welcome, '')).toBe(false);
  });

  it('does not fit a visitor with a cart, whose header counts it', () => {
    storeCart();
    expect(prerenderFits(paths.home, '')).toBe(false);
  });

  it("does not fit a returning shopper's landing page, which leads with the food", () => {
    storeLocation(portland);
    expect(prerenderFits(paths.home, '')).toBe(false);
    expect(prerenderFits('/', '')).toBe(false);
  });

  it('fits the welcome page at the default place, and not at another', () => {
    storeLocation(portland);
    expect(prerenderFits(paths.welcome, '')).toBe(true);
    expect(prerenderFits(`${paths.welcome}/`, '')).toBe(true);
    storeLocation(austin);
    expect(prerenderFits(paths.welcome, '')).toBe(false);
  });
});

describe("whether a farm page's drawn header and skeleton fit the visitor", () => {
  it('fit a guest with an empty cart, wherever they said they are', () => {
    expect(shellFits(null)).toBe(true);
    storeLocation(austin);
    expect(shellFits(null)).toBe(true);
  });

  it('do not fit a signed-in visitor, or a visitor with a cart, whose headers differ', () => {
    expect(shellFits('stored.token.value')).toBe(false);
    storeCart();
    expect(shellFits(null)).toBe(false);
  });
});
