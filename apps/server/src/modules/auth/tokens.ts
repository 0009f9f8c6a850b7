import { jwtVerify, SignJWT } from 'jose';

const SESSION_LIFETIME = '7d';
const encoder = new TextEncoder();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The checks every token of ours passes besides its signature: it says when it ends (a token signed
 * without an expiry would work for ever) and names an account by the id the database uses.
 */
function subjectOf(payload: { sub?: unknown; exp?: unknown }): string | null {
  if (typeof payload.exp !== 'number') return null;
  return typeof payload.sub === 'string' && UUID.test(payload.sub) ? payload.sub : null;
}

export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

/** A session token: the user's id and token version, signed, valid 7 days. */
export async function signSessionToken(secret: string, claims: TokenClaims): Promise<string> {
  return new SignJWT({ ver: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(SESSION_LIFETIME)
    .setAudience('furrow')
    .sign(encoder.encode(secret));
}

/** The claims of a valid token, or null for anything forged, expired or malformed. */
export async function readSessionToken(secret: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ['HS256'],
      audience: 'furrow',
    });
    const userId = subjectOf(payload);
    if (!userId || typeof payload.ver !== 'number') return null;
    return { userId, tokenVersion: payload.ver };
  } catch {
    return null;
  }
}

const VERIFICATION_LIFETIME = '24h';
const VERIFICATION_AUDIENCE = 'furrow-verify';

/**
 * Names the account a sign-up code is for, so that the code screen needs no e-mail typed again.
 * It grants nothing by itself: the code from the mailbox is what proves the address. Its own audience
 * keeps it from ever passing as a session token, and the other way round.
 */
export async function signVerificationToken(secret: string, userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(VERIFICATION_LIFETIME)
    .setAudience(VERIFICATION_AUDIENCE)
    .sign(encoder.encode(secret));
}

/** The user id of a valid verification token, or null. */
export async function readVerificationToken(secret: string, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ['HS256'],
      audience: VERIFICATION_AUDIENCE,
    });
    return subjectOf(payload);
  } catch {
    return null;
  }
}
