import type { UserRole } from '@furrow/domain/api/users';
import type { Db } from '../../db/client';
import { findSessionAccount } from '../users';
import { readSessionToken } from './tokens';

/** The signed-in user of a request, as the session plugin and the policy know them. */
export interface SessionUser {
  id: string;
  email: string;
  role: UserRole;
  tokenVersion: number;
}

/**
 * The user a bearer token signs in, or null for a token that is forged, expired, revoked (its
 * version is behind the account's) or whose account is gone or suspended.
 */
export async function findSessionUser(
  db: Db,
  secret: string,
  token: string,
): Promise<SessionUser | null> {
  const claims = await readSessionToken(secret, token);
  if (!claims) return null;
  const user = await findSessionAccount(db, claims.userId);
  if (!user || user.tokenVersion !== claims.tokenVersion || user.status === 'suspended')
    return null;
  return { id: user.id, email: user.email, role: user.role, tokenVersion: user.tokenVersion };
}
