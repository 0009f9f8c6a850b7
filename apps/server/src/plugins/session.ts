import { AppError, type ErrorCode } from '@furrow/domain/errors';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { readSessionToken } from '../modules/auth/tokens';

export type Role = 'customer' | 'farmer' | 'admin';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  tokenVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest or a token that is expired, forged or revoked. */
    session: SessionUser | null;
  }
}

/**
 * Reads the bearer token of every request. A bad token makes a guest, not an error:
 * browsing works with a stale token, and routes that need a user say so with their own message.
 */
export function registerSession(app: FastifyInstance, deps: { db: Db; jwtSecret: string }): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await readSessionToken(deps.jwtSecret, header.slice('Bearer '.length).trim());
    if (!claims) return;
    const [user] = await deps.db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        status: users.status,
        tokenVersion: users.tokenVersion,
      })
      .from(users)
      .where(eq(users.id, claims.userId));
    if (!user || user.tokenVersion !== claims.tokenVersion || user.status === 'suspended') return;
    request.session = {
      id: user.id,
      email: user.email,
      role: user.role,
      tokenVersion: user.tokenVersion,
    };
  });
}

/** The signed-in user, or a 401 with the route's own message (spec 8: "You must be logged in to ..."). */
export function requireUser(
  request: FastifyRequest,
  code: ErrorCode = 'NOT_LOGGED_IN',
): SessionUser {
  if (!request.session) throw new AppError(code);
  return request.session;
}

/** The signed-in user if their role is one of `roles`; admins pass every role check. */
export function requireRole(
  request: FastifyRequest,
  roles: readonly Role[],
  code: ErrorCode = 'NOT_LOGGED_IN',
): SessionUser {
  const user = requireUser(request, code);
  if (user.role !== 'admin' && !roles.includes(user.role)) throw new AppError('PERMISSION_DENIED');
  return user;
}
