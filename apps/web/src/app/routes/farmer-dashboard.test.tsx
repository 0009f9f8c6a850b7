import type { User } from '@furrow/domain/api/users';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths';
import { customer } from '../../test-fixtures';
import { renderRoutes, storeSession } from '../../test-utils';
import { FarmerDashboardScreen } from './farmer-dashboard';

/** Signed in as `user`; every call answers with the session, so a farm list asked for would show. */
function openAs(user: User) {
  storeSession(user);
  const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ user }));
  vi.stubGlobal('fetch', fetchMock);
  renderRoutes(
    [{ path: paths.farmerDashboard, Component: FarmerDashboardScreen }],
    paths.farmerDashboard,
  );
  return fetchMock;
}

describe('the farmers’ dashboard, opened by someone who is not a farmer', () => {
  it('tells a shopper what the page is, with the way to start selling and back to shopping', async () => {
    const fetchMock = openAs(customer);
    expect(
      await screen.findByRole('heading', { level: 1, name: "This is the farmers' dashboard" }),
    ).toBeInTheDocument();
    expect(screen.getByText('casey@example.com')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start selling' })).toHaveAttribute('href', paths.sell);
    expect(screen.getByRole('link', { name: 'Back to shopping' })).toHaveAttribute(
      'href',
      paths.welcome,
    );
    // No farmer onboarding, and no call for farms the shopper cannot have.
    expect(screen.queryByText(/first farm/i)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/shop/get_all');
  });

  it('points an admin to farm management', async () => {
    openAs({ ...customer, role: 'admin', email: 'alex@example.com' });
    expect(
      await screen.findByRole('heading', { level: 1, name: "This is the farmers' dashboard" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to farm management' })).toHaveAttribute(
      'href',
      paths.admin,
    );
    expect(screen.queryByRole('link', { name: 'Start selling' })).not.toBeInTheDocument();
  });
});
