import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { renderRoutes } from '../../test-utils';
import { GoogleSignIn } from './google-sign-in';

const routes = [
  { path: paths.login, element: <GoogleSignIn /> },
  { path: paths.profileSetup, element: <h1>Profile setup</h1> },
  { path: paths.welcome, element: <h1>Welcome</h1> },
];

const newCustomer = {
  id: '7d2a1f0e-3b8c-4a51-9d6e-2f4b8c1a9e01',
  email: 'pat@gmail.com',
  role: 'customer',
  firstName: 'Pat',
  lastName: 'Picker',
  name: 'Pat Picker',
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLogin: '2026-11-21T10:00:00.000Z',
  isEmailVerified: true,
};

/** Google Identity Services as the page sees it: records the options and hands back the callback. */
function stubGoogle() {
  let callback: ((response: { credential?: string }) => void) | undefined;
  const initialize = vi.fn((options: { callback: typeof callback; client_id: string }) => {
    callback = options.callback;
  });
  const renderButton = vi.fn();
  vi.stubGlobal('google', { accounts: { id: { initialize, renderButton } } });
  return { initialize, renderButton, respond: (credential: string) => callback?.({ credential }) };
}

describe('GoogleSignIn', () => {
  it('shows nothing when Google sign-in is off', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(Response.json({ googleEnabled: false, googleClientId: null }));
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, paths.login);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('signs a new Google user in and sends them to set up their profile', async () => {
    const google = stubGoogle();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(Response.json({ googleEnabled: true, googleClientId: 'client-1' }))
      .mockResolvedValueOnce(
        Response.json({ message: 'Welcome!', user: newCustomer, token: 'jwt', isNewUser: true }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, paths.login);

    await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
    expect(google.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-1', ux_mode: 'popup' }),
    );
    await act(async () => google.respond('google.id.token'));
    expect(await screen.findByRole('heading', { name: 'Profile setup' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt');
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      credential: 'google.id.token',
    });
  });
});
