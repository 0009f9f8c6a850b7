import { AppError } from '@furrow/domain/errors';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../plugins/session';

/**
 * The signed-in user of an account route. A request that sent a token the server no longer accepts
 * (expired, or revoked by a password change) hears that its session has ended, so the web app can
 * ask the person to sign in again; a request with no token hears "No user logged in" (spec 8).
 */
export function requireAccount(request: FastifyRequest): SessionUser {
  if (request.session) return request.session;
  throw new AppError(request.headers.authorization ? 'SESSION_EXPIRED' : 'NOT_LOGGED_IN');
}
