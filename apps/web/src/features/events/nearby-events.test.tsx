import type { FarmEvent } from '@furrow/domain/api/events';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../test-utils';
import { NearbyEvents } from './nearby-events';

const portland = { lat: 45.5152, lng: -122.6784 };

const harvestFair: FarmEvent = {
  id: '8a6d2c44-1f0e-4d8b-9a53-0c2f6b7e1a01',
  farmerId: '6c2d8a1f-3b5e-4f9a-9c7b-4e0f1a2d3c03',
  farm: {
    id: '5b1c7f0e-2a4d-4e8f-8b6a-3d9e0f1c2b02',
    name: 'Sauvie Island Greens',
    timeZone: 'America/Los_Angeles',
  },
  title: 'Harvest fair',
  description: 'Pick your own pumpkins.',
  startsAt: '2026-12-05T18:00:00.000Z',
  endsAt: '2026-12-05T22:00:00.000Z',
  place: 'The barn',
  distanceKm: 12,
};

/** An IntersectionObserver that reports only when told, with the element it watches. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, targets: [] };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
  return {
    /** How many elements are being watched. */
    watched: () => observers.reduce((count, { targets }) => count + targets.length, 0),
    comeNear() {
      for (const { callback, targets } of observers) {
        const entries = targets.map((target) => ({ target, isIntersecting: true }));
        if (entries.length > 0) {
          callback(entries as unknown as IntersectionObserverEntry[], {} as IntersectionObserver);
        }
      }
    },
  };
}

describe('NearbyEvents', () => {
  it('draws the events only once the section comes near the window', async () => {
    const fetchMock = stubFetch(Response.json({ events: [harvestFair] }));
    const window = stubIntersectionObserver();
    renderWithProviders(<NearbyEvents near={portland} />);

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    // The events have come: their place is marked and watched, and nothing of them is drawn yet.
    await vi.waitFor(() => expect(window.watched()).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Events near you' })).toBeNull();

    act(() => window.comeNear());
    expect(await screen.findByRole('heading', { name: 'Events near you' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Harvest fair' })).toBeVisible();
  });

  it('shows nothing when no event is near', async () => {
    const fetchMock = stubFetch(Response.json({ events: [] }));
    const window = stubIntersectionObserver();
    renderWithProviders(<NearbyEvents near={portland} />);

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    await act(async () => {});
    await act(async () => {});
    expect(window.watched()).toBe(0);
    expect(screen.queryByRole('heading', { name: 'Events near you' })).toBeNull();
  });
});
