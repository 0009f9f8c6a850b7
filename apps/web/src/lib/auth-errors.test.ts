import { describe, expect, it, vi } from 'vitest';
import { ApiError, clientErrorCodes } from './api-client';
import { AuthError, authCall, authFailureMessage, isAuthFailure } from './auth-errors';

describe('authCall', () => {
  it("rethrows the server's message and code", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = new ApiError(403, {
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your e-mail address first.',
    });
    const failure = await authCall('LOGIN_FAILED', () => Promise.reject(refused)).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AuthError);
    expect(isAuthFailure(failure, 'EMAIL_NOT_VERIFIED')).toBe(true);
    expect(authFailureMessage(failure, 'LOGIN_FAILED')).toBe(
      'Please verify your e-mail address first.',
    );
  });

  it("falls back to the call's own failure message when the server gave no answer", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = new ApiError(0, { code: clientErrorCodes.network, message: 'offline' });
    const failure = await authCall('LOGIN_FAILED', () => Promise.reject(offline)).catch(
      (error: unknown) => error,
    );
    expect(authFailureMessage(failure, 'LOGIN_FAILED')).toBe('Failed to login user');
    expect(isAuthFailure(failure, 'EMAIL_NOT_VERIFIED')).toBe(false);
  });
});

describe('authFailureMessage', () => {
  it("never shows another error's text", () => {
    expect(authFailureMessage(new TypeError('x is undefined'), 'UPDATE_USER_FAILED')).toBe(
      'Failed to update user',
    );
  });
});
