import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test-utils';
import { lazyScreen } from './lazy-screen';
import { preloadScreen, routes } from './router';

function Hello() {
  return <h1>Hello</h1>;
}

/** A screen whose code arrives when the test says. */
function deferredScreen() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const Screen = lazyScreen(async () => {
    await arrived;
    return Hello;
  });
  return { Screen, arrive };
}

describe('lazyScreen', () => {
  it('shows "Loading…" until the code of a screen not yet loaded has come', async () => {
    const { Screen, arrive } = deferredScreen();
    render(<Screen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeVisible();
  });

  it('draws a screen whose code has run in its first render, without "Loading…"', async () => {
    const { Screen, arrive } = deferredScreen();
    const preloaded = Screen.preload();
    arrive();
    await preloaded;
    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('fetches the code again when a fetch ahead failed', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return Hello;
    });
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Hello' })).toBeVisible();
    expect(loads).toBe(2);
  });

  it('loads the code once, however often it is asked for', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads += 1;
      return Hello;
    });
    await Promise.all([Screen.preload(), Screen.preload()]);
    render(<Screen />);
    await Screen.preload();
    expect(loads).toBe(1);
  });
});

describe('preloadScreen', () => {
  it("runs the code of the screen an address shows, so that the route's first render draws it", async () => {
    // The farm's answer never comes: the page shows its skeleton.
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => new Promise(() => {})),
    );
    const farmPage = '/farms/1c9e4b2a-6f3d-4e8a-b7c1-5a2d9f0e3b4c';
    await preloadScreen(farmPage);
    renderRoutes(routes, farmPage);
    expect(screen.getByText('Loading the farm')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('leaves the screens of other addresses to load when they are shown', () => {
    renderRoutes(routes, '/orders');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });
});
