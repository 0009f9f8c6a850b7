import { ApiError, clientErrorCodes } from './api-client';

/** The default of each account call when the server gives no message of its own (spec 8). */
export const authFailures = {
  register: 'Failed to register user',
  verify: 'Failed to verify user',
  login: 'Failed to login user',
  forgot: 'Failed to retrieve password',
  update: 'Failed to update user',
} as const;

/**
 * A failed account call: the server's message, or the call's default when the server gave none,
 * and the server's code for screens that react to one (an unverified account, an ended session).
 */
export class AuthError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(message: string, code: string, status: number) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
    this.status = status;
  }
}

/** Spec 8: each auth call logs the error and rethrows it with the server's message or a default. */
export async function authCall<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(error);
    if (
      error instanceof ApiError &&
      error.status > 0 &&
      error.code !== clientErrorCodes.unexpectedResponse
    ) {
      throw new AuthError(error.message || fallback, error.code, error.status);
    }
    throw new AuthError(fallback, error instanceof ApiError ? error.code : 'UNKNOWN', 0);
  }
}

/** The words to show for any failure of an account call. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof AuthError ? error.message : fallback;
}
