import { type ErrorCode, errors } from '@furrow/domain/errors';
import { ApiError, clientErrorCodes } from './api-client';

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

/**
 * Each auth call logs the error and rethrows it with the server's message, or else with
 * the message of `fallback`, the domain's code for the call's default ("Failed to login user").
 */
export async function authCall<T>(fallback: ErrorCode, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(error);
    const fallbackMessage = errors[fallback].message;
    if (
      error instanceof ApiError &&
      error.status > 0 &&
      error.code !== clientErrorCodes.unexpectedResponse
    ) {
      throw new AuthError(error.message || fallbackMessage, error.code, error.status);
    }
    throw new AuthError(fallbackMessage, error instanceof ApiError ? error.code : fallback, 0);
  }
}

/** Whether an account call failed for the reason `code` names; typed, so a misspelt code fails. */
export function isAuthFailure(error: unknown, code: ErrorCode): boolean {
  return error instanceof AuthError && error.code === code;
}

/**
 * The words to show for a failed account call: its own, or else the message of `fallback`. Any
 * other error's text (a bug's, a browser's) never reaches the screen.
 */
export function authFailureMessage(error: unknown, fallback: ErrorCode): string {
  return error instanceof AuthError ? error.message : errors[fallback].message;
}
