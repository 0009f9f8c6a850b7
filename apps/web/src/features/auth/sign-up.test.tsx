import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { notifications, renderRoutes, sentBody, stubFetch } from '../../test-utils';
import { RegisterForm } from './register-form';
import { VerifyCodeForm } from './verify-code-form';

function DashboardStandIn() {
  const { user } = useSession();
  return <h1>Dashboard of {user?.email}</h1>;
}

const routes = [
  { path: paths.register, element: <RegisterForm /> },
  { path: paths.otpVerify, element: <VerifyCodeForm /> },
  { path: paths.farmerDashboard, element: <DashboardStandIn /> },
];

const renderSignUp = (path: string) => renderRoutes(routes, path, { toaster: true });

const verified = {
  id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  email: 'wendell@example.com',
  role: 'farmer',
  firstName: 'Wendell',
  lastName: 'Berry',
  name: 'Wendell Berry',
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLogin: null,
  isEmailVerified: true,
};

describe('signing up', () => {
  it('registers a farmer, then verifies the code, which signs them in to their dashboard', async () => {
    const fetchMock = stubFetch(
      Response.json({ message: 'We sent a 6-digit code.', token: 'verify.1' }, { status: 201 }),
      Response.json({ message: 'Wrong', code: 'INVALID_CODE' }, { status: 400 }),
      Response.json({ message: 'We sent a new code.', token: 'verify.2' }),
      Response.json({ message: 'Verified.', user: verified, token: 'session.1' }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = userEvent.setup();
    renderSignUp(paths.register);

    await actor.click(screen.getByLabelText(/I run a farm/));
    await actor.type(screen.getByLabelText('First name'), 'Wendell');
    await actor.type(screen.getByLabelText('Last name'), 'Berry');
    await actor.type(screen.getByLabelText('E-mail'), ' Wendell@Example.com');
    await actor.type(screen.getByLabelText('Password'), 'password1');
    expect(await screen.findByText(/This password is too common/)).toBeInTheDocument();
    await actor.clear(screen.getByLabelText('Password'));
    await actor.type(screen.getByLabelText('Password'), 'heirloom-tomatoes-77');
    await actor.type(screen.getByLabelText('Repeat the password'), 'heirloom-tomatoes-7');
    await actor.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    await actor.type(screen.getByLabelText('Repeat the password'), '7');
    await actor.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('wendell@example.com')).toBeInTheDocument();
    expect(sentBody(fetchMock, 0)).toEqual({
      email: 'wendell@example.com',
      password: 'heirloom-tomatoes-77',
      role: 'farmer',
      firstName: 'Wendell',
      lastName: 'Berry',
    });

    await actor.type(screen.getByLabelText('Verification code'), '12a');
    expect(await screen.findByText('Enter the 6-digit code from the e-mail')).toBeInTheDocument();
    await actor.clear(screen.getByLabelText('Verification code'));
    await actor.type(screen.getByLabelText('Verification code'), '000000');
    await actor.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    expect(await (await notifications()).findByText('Wrong')).toBeInTheDocument();
    expect(sentBody(fetchMock, 1)).toEqual({
      verificationCode: '000000',
      verificationToken: 'verify.1',
    });

    await actor.click(screen.getByRole('button', { name: 'send a new code' }));
    expect(await screen.findByRole('button', { name: /send a new code in \d+ s/ })).toBeDisabled();
    expect(sentBody(fetchMock, 2)).toEqual({ verificationToken: 'verify.1' });

    await actor.type(screen.getByLabelText('Verification code'), '424242');
    await actor.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    expect(
      await screen.findByRole('heading', { name: 'Dashboard of wendell@example.com' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('furrow.token')).toBe('session.1');
    expect(await (await notifications()).findByText('E-mail verified')).toBeInTheDocument();
    // The new code goes with the newest token.
    expect(sentBody(fetchMock, 3)).toEqual({
      verificationCode: '424242',
      verificationToken: 'verify.2',
    });
    expect(sessionStorage.getItem('furrow.verification')).toBeNull();
  });

  it('shows "Failed to register user" when the server gives no message', async () => {
    stubFetch(new Response('oops', { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const actor = userEvent.setup();
    renderSignUp(paths.register);
    await actor.type(screen.getByLabelText('First name'), 'Ada');
    await actor.type(screen.getByLabelText('Last name'), 'Field');
    await actor.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await actor.type(screen.getByLabelText('Password'), 'turnip-season-7');
    await actor.type(screen.getByLabelText('Repeat the password'), 'turnip-season-7');
    await actor.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await (await notifications()).findByText('Failed to register user')).toBeInTheDocument();
  });

  it('explains the code screen when this browser has no sign-up under way', () => {
    renderSignUp(paths.otpVerify);
    expect(screen.getByText(/We don't know which account to verify/)).toBeInTheDocument();
  });
});
