import type { User } from '@furrow/domain/api/users';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../lib/paths';
import { customer } from '../test-fixtures';
import { renderRoutes, storeSession } from '../test-utils';
import { RequireRole } from './require-role';

const routes = [
  {
    path: '/farmers/dashboard',
    element: (
      <RequireRole roles={['farmer']}>
        <h1>Dashboard</h1>
      </RequireRole>
    ),
  },
  { path: paths.login, element: <h1>Sign in</h1> },
  { path: paths.welcome, element: <h1>Welcome</h1> },
];

function signedInAs(
  user: User,
  answer: Promise<Response> = Promise.resolve(Response.json({ user })),
) {
  storeSession(user);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => answer),
  );
}

describe('RequireRole', () => {
  it('sends a guest to sign in and stores the way back, query and all', async () => {
    renderRoutes(routes, '/farmers/dashboard?farm=42');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('furrow.redirect')).toBe('/farmers/dashboard?farm=42');
  });

  it('shows a loading state while the stored session is checked', () => {
    signedInAs({ ...customer, role: 'farmer' }, new Promise(() => {}));
    renderRoutes(routes, '/farmers/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows the page to the right role, and to an admin', async () => {
    signedInAs({ ...customer, role: 'farmer' });
    renderRoutes(routes, '/farmers/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('tells another role, kindly, that the page is not for their account', async () => {
    signedInAs(customer);
    renderRoutes(routes, '/farmers/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'This page is not for your account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your start page' })).toHaveAttribute(
      'href',
      paths.welcome,
    );
  });

  it('lets an admin in, as the server does', async () => {
    signedInAs({ ...customer, role: 'admin' });
    renderRoutes(routes, '/farmers/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows a role its own page where one is given, admins included', async () => {
    const forOthers = [
      {
        path: '/farmers/dashboard',
        element: (
          <RequireRole
            roles={['farmer']}
            otherwise={{ customer: <h1>For shoppers</h1>, admin: <h1>For admins</h1> }}
          >
            <h1>Dashboard</h1>
          </RequireRole>
        ),
      },
    ];
    signedInAs({ ...customer, role: 'admin' });
    renderRoutes(forOthers, '/farmers/dashboard');
    expect(await screen.findByRole('heading', { name: 'For admins' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
