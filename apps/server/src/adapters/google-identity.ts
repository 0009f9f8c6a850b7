import { AppError } from '@furrow/domain/errors';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';

/** What Furrow takes from a verified Google ID token. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
  name: string;
}

export interface GoogleVerifier {
  readonly clientId: string;
  /** The identity of a valid token; AppError INVALID_GOOGLE_TOKEN for anything else. */
  verify(credential: string): Promise<GoogleIdentity>;
}

export interface GoogleVerifierOptions {
  clientId: string;
  jwksUrl: string;
  issuer: string;
  /** Told why a token was refused; the client only hears that it was. */
  onRejected?: (reason: string) => void;
}

const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * Checks a Google ID token the way Google documents it: the signature against Google's published
 * keys (fetched once and cached by jose), the issuer, the audience (our client id), the expiry, and
 * that Google has verified the e-mail address. No vendor SDK on the server.
 */
export function createGoogleVerifier(options: GoogleVerifierOptions): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5_000 });
  // Google signs with either spelling of its issuer.
  const issuers =
    options.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : [options.issuer];

  const reject = (reason: string): never => {
    options.onRejected?.(reason);
    throw new AppError('INVALID_GOOGLE_TOKEN');
  };

  return {
    clientId: options.clientId,
    async verify(credential) {
      let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
      try {
        ({ payload } = await jwtVerify(credential, keys, {
          issuer: issuers,
          audience: options.clientId,
          algorithms: ['RS256'],
          requiredClaims: ['sub', 'exp', 'iat'],
          clockTolerance: 5,
        }));
      } catch (error) {
        return reject(
          error instanceof joseErrors.JOSEError ? `${error.code}: ${error.message}` : String(error),
        );
      }
      const { email, email_verified: emailVerified } = payload;
      if (typeof email !== 'string' || !email.includes('@')) return reject('no e-mail claim');
      // Google has sent the flag both as a boolean and as a string.
      if (emailVerified !== true && emailVerified !== 'true') return reject('e-mail not verified');
      const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
      return {
        subject: String(payload.sub),
        email: email.trim().toLowerCase(),
        givenName: text(payload.given_name),
        familyName: text(payload.family_name),
        name: text(payload.name),
      };
    },
  };
}
