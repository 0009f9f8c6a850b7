import type { User } from '@furrow/domain/api/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths';
import { Toaster } from '../../components/ui/toaster';
import { TOKEN_STORAGE_KEY } from '../../lib/api-client';
import { REDIRECT_STORAGE_KEY, USER_STORAGE_KEY } from '../../lib/session';
import { renderRoutes } from '../../test-utils';
import { AccountMenu } from './account-menu';
import { ChangePasswordForm } from './change-password-form';
import { NamesForm } from './names-form';

const farmer: User = {
  id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  email: 'ana@example.com',
  role: 'farmer',
  firstName: 'Ana',
  lastName: 'Rivera',
  name: 'Ana Rivera',
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLogin: null,
  isEmailVerified: true,
};

const routes = [
  {
    element: (
      <>
        <header>
          <AccountMenu />
        </header>
        <Outlet />
        <Toaster />
      </>
    ),
    children: [
      { path: paths.home, element: <h1>Home</h1> },
      { path: paths.login, element: <h1>Sign in page</h1> },
      {
        path: paths.account,
        element: (
          <>
            <NamesForm />
            <ChangePasswordForm />
          </>
        ),
      },
    ],
  },
];

/** A signed-in farmer; `/api/me` confirms them, and the next answers are `answers`. */
function signedIn(...answers: Response[]) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'a.b.c');
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(farmer));
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(Response.json({ user: farmer }));
  for (const answer of answers) fetchMock.mockResolvedValueOnce(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

describe('the account menu', () => {
  it('offers "Sign in" to a guest', () => {
    renderRoutes(routes, paths.home);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.login);
  });

  it("shows the user's name, and signing out clears the session and goes to /", async () => {
    signedIn();
    localStorage.setItem(REDIRECT_STORAGE_KEY, '/account');
    const actor = userEvent.setup();
    renderRoutes(routes, paths.account);
    await actor.click(await screen.findByRole('button', { name: 'Account menu for Ana Rivera' }));
    expect(screen.getByRole('menuitem', { name: 'Account settings' })).toHaveAttribute(
      'href',
      paths.account,
    );
    expect(screen.getByRole('menuitem', { name: 'Farm dashboard' })).toHaveAttribute(
      'href',
      paths.farmerDashboard,
    );
    await actor.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    for (const key of [TOKEN_STORAGE_KEY, USER_STORAGE_KEY, REDIRECT_STORAGE_KEY]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });
});

describe('account settings', () => {
  it('saves names and shows them in the header', async () => {
    const fetchMock = signedIn(
      Response.json({
        message: 'Your details have been saved.',
        user: { ...farmer, firstName: 'Anna', name: 'Anna Rivera' },
      }),
    );
    const actor = userEvent.setup();
    renderRoutes(routes, paths.account);
    const first = await screen.findByLabelText('First name');
    await actor.clear(first);
    await actor.type(first, 'Anna');
    await actor.click(screen.getByRole('button', { name: 'Save names' }));
    expect(await notifications().findByText('Your details have been saved.')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Account menu for Anna Rivera' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('PATCH');
  });

  it('changes the password, signs out, and goes to sign in', async () => {
    const fetchMock = signedIn(Response.json({ message: 'Your password has been changed.' }));
    const actor = userEvent.setup();
    renderRoutes(routes, paths.account);
    await actor.type(await screen.findByLabelText('Current password'), 'green-acres-42');
    await actor.type(screen.getByLabelText('New password'), 'green-acres-42');
    expect(
      await screen.findByText('Choose a password different from your current one'),
    ).toBeInTheDocument();
    await actor.clear(screen.getByLabelText('New password'));
    await actor.type(screen.getByLabelText('New password'), 'red-barn-doors-9');
    await actor.type(screen.getByLabelText('Repeat the new password'), 'red-barn-doors-9');
    await actor.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      old_password: 'green-acres-42',
      new_password: 'red-barn-doors-9',
    });
  });

  it('shows "Failed to update user" when the server gives no message', async () => {
    signedIn(new Response('', { status: 502 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = userEvent.setup();
    renderRoutes(routes, paths.account);
    await actor.type(await screen.findByLabelText('Last name'), 's');
    await actor.click(screen.getByRole('button', { name: 'Save names' }));
    expect(await notifications().findByText('Failed to update user')).toBeInTheDocument();
  });
});
