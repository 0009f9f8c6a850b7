import { afterEach, describe, expect, it } from 'vitest';
import { farmPageRequests, preloadFarmPage } from './farm-page-requests';

const id = '1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
    href: new URL(link.href).pathname,
    as: link.as,
    crossOrigin: link.crossOrigin,
  }));

describe('the farm page requests started from its head', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("are the farm's answer and its events, for a farm's address only", () => {
    expect(farmPageRequests(`/farms/${id}`)).toEqual([
      `/api/farms/${id}`,
      `/api/farms/${id}/events`,
    ]);
    expect(farmPageRequests(`/farms/${id}/`)).toEqual([
      `/api/farms/${id}`,
      `/api/farms/${id}/events`,
    ]);
    for (const other of ['/farms/featured', `/farms/${id}/else`, `/products/${id}`, '/']) {
      expect(farmPageRequests(other)).toEqual([]);
    }
  });

  it('are preloaded as fetches in CORS mode for a visitor who is not signed in', () => {
    preloadFarmPage(document, `/farms/${id}`, null);
    expect(preloads()).toEqual([
      { href: `/api/farms/${id}`, as: 'fetch', crossOrigin: 'anonymous' },
      { href: `/api/farms/${id}/events`, as: 'fetch', crossOrigin: 'anonymous' },
    ]);
  });

  it('are left to the app for a signed-in visitor, whose requests carry their token', () => {
    preloadFarmPage(document, `/farms/${id}`, 'a-token');
    expect(preloads()).toEqual([]);
  });
});
