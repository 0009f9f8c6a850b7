import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadOnIntent } from './preload-on-intent';

function link(href: string, attributes: Record<string, string> = {}) {
  const anchor = document.createElement('a');
  anchor.href = href;
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  anchor.append(document.createElement('span'));
  document.body.append(anchor);
  return anchor;
}

describe('preloadOnIntent', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.replaceChildren();
  });

  it("fetches a screen's code when a pointer comes over its link, a tap starts on it or it gets focus", () => {
    const preload = vi.fn(async (_pathname: string) => {});
    stop = preloadOnIntent(document, preload);
    link('/farms/1?tab=story').firstElementChild?.dispatchEvent(
      new Event('pointerover', { bubbles: true }),
    );
    link('/products/2').dispatchEvent(new Event('touchstart', { bubbles: true }));
    link('/cart').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(preload.mock.calls).toEqual([['/farms/1'], ['/products/2'], ['/cart']]);
  });

  it('asks once for each address', () => {
    const preload = vi.fn(async (_pathname: string) => {});
    stop = preloadOnIntent(document, preload);
    const farm = link('/farms/1');
    for (let time = 0; time < 3; time++) {
      farm.dispatchEvent(new Event('pointerover', { bubbles: true }));
    }
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('asks again after a fetch that failed', async () => {
    const preload = vi.fn(async (_pathname: string) => {
      throw new Error('offline');
    });
    stop = preloadOnIntent(document, preload);
    const farm = link('/farms/1');
    farm.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    farm.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preload).toHaveBeenCalledTimes(2);
  });

  it('leaves alone links that the app does not open itself', () => {
    const preload = vi.fn(async (_pathname: string) => {});
    stop = preloadOnIntent(document, preload);
    for (const anchor of [
      link('https://example.com/farms/1'),
      link('/farms/2', { target: '_blank' }),
      link('/api/farms/3/orders.csv', { download: '' }),
      link('/api/docs'),
    ]) {
      anchor.dispatchEvent(new Event('pointerover', { bubbles: true }));
    }
    expect(preload).not.toHaveBeenCalled();
  });

  it('stops listening when asked', () => {
    const preload = vi.fn(async (_pathname: string) => {});
    preloadOnIntent(document, preload)();
    link('/farms/1').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(preload).not.toHaveBeenCalled();
  });
});
