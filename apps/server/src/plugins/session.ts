import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { findSessionUser, type SessionUser } from '../modules/auth';
import { type Action, mayAttempt, refusal } from '../policy/policy';

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
    const token = header.slice('Bearer '.length).trim();
    request.session = await findSessionUser(deps.db, deps.jwtSecret, token);
  });
}

/**
 * The one request guard: the signed-in user who may attempt `action`, or the action's refusal in
 * the product rules' words (a guest hears "You must be logged in to ..."). Whether the user may do
 * it to one farm or product is the service's to check, with `authorize`, once it has read the row.
 */
export function requireViewer(request: FastifyRequest, action: Action): SessionUser {
  const viewer = request.session;
  if (mayAttempt(viewer, action)) return viewer;
  // A request that sent a token the server no longer accepts (expired, or revoked by a password
  // change) may hear that its session ended, so that the web app asks the person to sign in again.
  throw refusal(viewer, action, request.headers.authorization !== undefined);
}
