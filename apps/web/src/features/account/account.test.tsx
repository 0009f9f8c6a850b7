import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { REDIRECT_STORAGE_KEY, USER_STORAGE_KEY } from '../../lib/session';
import { farmer } from '../../test-fixtures';
import {
  loadScreens,
  notifications,
  renderRoutes,
  sentBody,
  storeSession,
  stubFetch,
} from '../../test-utils';
import { AccountMenu } from './account-menu';
import { ChangePasswordForm } from './change-password-form';
import { NamesForm } from './names-form';

const routes = [
  {
    element: (
      <>
        <header>
          <AccountMenu />
        </header>
        <Outlet />
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
  storeSession(farmer);
  return stubFetch(Response.json({ user: farmer }), ...answers);
}

const renderAccount = (path: string) => renderRoutes(routes, path, { toaster: true });

describe('the account menu', () => {
  beforeAll(loadScreens);

  it('offers "Sign in" to a guest', () => {
    renderAccount(paths.home);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.login);
  });

  it("shows the user's name, and signing out clears the session and goes to /", async () => {
    signedIn();
    localStorage.setItem(REDIRECT_STORAGE_KEY, '/account');
    const actor = userEvent.setup();
    renderAccount(paths.account);
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
    renderAccount(paths.account);
    const first = await screen.findByLabelText('First name');
    await actor.clear(first);
    await actor.type(first, 'Anna');
    await actor.click(screen.getByRole('button', { name: 'Save names' }));
    expect(
      await (await notifications()).findByText('Your details have been saved.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Account menu for Anna Rivera' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('PATCH');
  });

  it('changes the password, signs out, and goes to sign in', async () => {
    const fetchMock = signedIn(Response.json({ message: 'Your password has been changed.' }));
    const actor = userEvent.setup();
    renderAccount(paths.account);
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
    expect(sentBody(fetchMock, 1)).toEqual({
      old_password: 'green-acres-42',
      new_password: 'red-barn-doors-9',
    });
  });

  it('shows "Failed to update user" when the server gives no message', async () => {
    signedIn(new Response('', { status: 502 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = userEvent.setup();
    renderAccount(paths.account);
    await actor.type(await screen.findByLabelText('Last name'), 's');
    await actor.click(screen.getByRole('button', { name: 'Save names' }));
    expect(await (await notifications()).findByText('Failed to update user')).toBeInTheDocument();
  });
});
