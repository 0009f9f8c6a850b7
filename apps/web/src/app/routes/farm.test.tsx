import type { Farmer } from '@furrow/domain/api/farmers';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { farmPageRequests } from '../../farm-page-requests';
import { aFarm, aProduct, farmer } from '../../test-fixtures';
import { loadScreens, renderRoutes } from '../../test-utils';
import { routes } from '../router';

const farm = aFarm({ description: 'Greens on the island.' });
const profile: Farmer = {
  id: farmer.id,
  name: 'Maya Lindqvist',
  email: null,
  farmName: farm.name,
  bio: 'I grow greens.',
  featured: false,
  location: { country: 'US', region: 'OR', city: 'Portland' },
  logo: null,
  profileImage: null,
  storageUsedBytes: null,
  farmCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Answers each of the page's two calls when the test lets it; `asked` lists what it asked for. */
function stubPage() {
  const waiting = new Map<string, () => void>();
  const answers: Record<string, unknown> = {
    [`/api/farms/${farm.id}`]: {
      farm,
      farmer: profile,
      products: [aProduct()],
      total: 1,
      nextCursor: null,
    },
    [`/api/farms/${farm.id}/events`]: { events: [] },
  };
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      (input) =>
        new Promise((resolve) => {
          const url = String(input);
          asked.push(url);
          waiting.set(url, () => resolve(Response.json(answers[url] ?? {})));
        }),
    ),
  );
  const answer = async (url: string) => {
    await vi.waitFor(() => expect(waiting.has(url)).toBe(true));
    waiting.get(url)?.();
  };
  return { answer, asked };
}

describe('the farm page', () => {
  beforeAll(loadScreens);

  it('shows the farm, its farmer and its products at once, not piece by piece', async () => {
    const { answer } = stubPage();
    renderRoutes(routes, `/farms/${farm.id}`);
    await answer(`/api/farms/${farm.id}`);
    // The farm (with its farmer) is in; its events are not: the page still shows its skeleton.
    expect(screen.getByText('Loading the farm')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    await answer(`/api/farms/${farm.id}/events`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Acres' })).toBeVisible();
    expect(screen.getByText('Maya Lindqvist')).toBeVisible();
    expect(screen.getByRole('article', { name: 'Heirloom tomatoes' })).toBeVisible();
    expect(screen.getByText('Showing 1 of 1 products')).toBeVisible();
    expect(screen.queryByText('Loading the farm')).not.toBeInTheDocument();
  });

  it('does not name the farm on each card: every one would link back to this page', async () => {
    const { answer } = stubPage();
    renderRoutes(routes, `/farms/${farm.id}`);
    await answer(`/api/farms/${farm.id}`);
    await answer(`/api/farms/${farm.id}/events`);
    const card = await screen.findByRole('article', { name: 'Heirloom tomatoes' });
    expect(within(card).getByRole('link', { name: 'Heirloom tomatoes' })).toBeVisible();
    expect(within(card).queryByRole('link', { name: farm.name })).not.toBeInTheDocument();
  });

  it("asks for what the page's head already started, and for nothing else before it shows", async () => {
    const { answer, asked } = stubPage();
    renderRoutes(routes, `/farms/${farm.id}`);
    for (const url of farmPageRequests(`/farms/${farm.id}`)) await answer(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Acres' })).toBeVisible();
    // (The tests' query client keeps nothing fresh, so the events are read again once shown.)
    expect([...new Set(asked)].toSorted()).toEqual(
      farmPageRequests(`/farms/${farm.id}`).toSorted(),
    );
  });
});
