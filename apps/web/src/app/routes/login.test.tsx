import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadScreens, renderRoutes } from '../../test-utils';
import { routes } from '../router';

/** Answers the sign-in page's one question to the server: is Google sign-in configured? */
function stubAuthConfig(googleEnabled: boolean) {
  const fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input).endsWith('/api/auth/config')
      ? Response.json({ googleEnabled, googleClientId: googleEnabled ? 'client-1' : null })
      : Response.json({ message: 'Not found' }, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('google', { accounts: { id: { initialize: vi.fn(), renderButton: vi.fn() } } });
  return fetchMock;
}

describe('the sign-in page', () => {
  beforeAll(loadScreens);

  it('mentions Google only when Google sign-in is configured', async () => {
    const fetchMock = stubAuthConfig(false);
    renderRoutes(routes, '/auth/login');
    expect(await screen.findByText('Sign in with your e-mail and password.')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/auth/config'),
    );
    expect(screen.queryByText(/Google/)).not.toBeInTheDocument();
  });

  it('offers Google beside the e-mail when it is configured', async () => {
    stubAuthConfig(true);
    renderRoutes(routes, '/auth/login');
    expect(
      await screen.findByText(
        'Sign in with your e-mail and password, or with your Google account.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps the administrator option folded away under the form until asked for', async () => {
    stubAuthConfig(false);
    renderRoutes(routes, '/auth/login');
    const admin = await screen.findByLabelText('Sign in as an administrator');
    expect(admin).not.toBeVisible();
    await userEvent.setup().click(screen.getByText('Administrator sign-in'));
    expect(admin).toBeVisible();
  });
});
