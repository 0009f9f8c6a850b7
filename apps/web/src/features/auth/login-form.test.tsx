import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { rememberRedirect } from '../../lib/session';
import { farmer } from '../../test-fixtures';
import { notifications, renderRoutes, sentBody, stubFetch } from '../../test-utils';
import { LoginForm } from './login-form';

const user = { ...farmer, lastLogin: '2026-11-21T10:00:00.000Z' };

const routes = [
  { path: paths.login, element: <LoginForm /> },
  { path: paths.farmerDashboard, element: <h1>Dashboard</h1> },
  { path: paths.welcome, element: <h1>Welcome</h1> },
  { path: paths.admin, element: <h1>Admin</h1> },
  { path: paths.otpVerify, element: <h1>Code</h1> },
  { path: '/account', element: <h1>Account</h1> },
];

const renderLogin = () => renderRoutes(routes, paths.login, { toaster: true });

async function fillAndSubmit(email = 'Ana@Example.com', password = 'green-acres-42') {
  const actor = userEvent.setup();
  await actor.type(screen.getByLabelText('E-mail'), email);
  await actor.type(screen.getByLabelText('Password'), password);
  await actor.click(screen.getByRole('button', { name: 'Sign in' }));
  return actor;
}

describe('LoginForm', () => {
  it.each([
    ['farmer', 'Dashboard'],
    ['customer', 'Welcome'],
    ['admin', 'Admin'],
  ] as const)(
    'signs in a %s, who lands on their page (product rules: accounts and sign-in)',
    async (role, heading) => {
      const fetchMock = stubFetch(
        Response.json({
          message: 'You are signed in.',
          user: { ...user, role },
          token: 'jwt.token',
        }),
      );
      renderLogin();
      await fillAndSubmit();
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt.token');
      expect(sentBody(fetchMock, 0)).toEqual({
        email: 'ana@example.com',
        password: 'green-acres-42',
        admin: false,
      });
    },
  );

  it('goes back to the stored page instead, once', async () => {
    rememberRedirect('/account');
    stubFetch(Response.json({ message: 'You are signed in.', user, token: 'jwt.token' }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(localStorage.getItem('furrow.redirect')).toBeNull();
  });

  it('validates as you type, with the shared rules', async () => {
    const fetchMock = stubFetch();
    renderLogin();
    const actor = userEvent.setup();
    await actor.type(screen.getByLabelText('E-mail'), 'ana@');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await actor.type(screen.getByLabelText('E-mail'), 'example.com');
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message in a toast", async () => {
    stubFetch(
      Response.json(
        { message: 'Unauthorized access', code: 'UNAUTHORIZED_ACCESS' },
        { status: 403 },
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLogin();
    const actor = userEvent.setup();
    await actor.click(screen.getByText('Administrator sign-in'));
    await actor.click(screen.getByLabelText('Sign in as an administrator'));
    await fillAndSubmit();
    expect(await (await notifications()).findByText('Unauthorized access')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('falls back to "Failed to login user" when the server gives no message', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLogin();
    await fillAndSubmit();
    expect(await (await notifications()).findByText('Failed to login user')).toBeInTheDocument();
  });

  it('offers a new code to an unverified account and goes to the code screen', async () => {
    const fetchMock = stubFetch(
      Response.json(
        {
          message: 'Please verify your e-mail address first. We can send you a new code.',
          code: 'EMAIL_NOT_VERIFIED',
        },
        { status: 403 },
      ),
      Response.json({ message: 'We sent it.', token: 'verification.token' }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLogin();
    const actor = await fillAndSubmit();
    await actor.click(await screen.findByRole('button', { name: 'Send me a new code' }));
    expect(await screen.findByRole('heading', { name: 'Code' })).toBeInTheDocument();
    expect(sentBody(fetchMock, 1)).toEqual({
      email: 'ana@example.com',
    });
    expect(JSON.parse(sessionStorage.getItem('furrow.verification') ?? '{}')).toEqual({
      token: 'verification.token',
      email: 'ana@example.com',
    });
  });
});
