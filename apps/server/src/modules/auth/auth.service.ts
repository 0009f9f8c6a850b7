import { randomUUID } from 'node:crypto';
import {
  type GoogleSignInAnswer,
  RESET_LINK_MINUTES,
  type RegisterAnswer,
  type RegisterBody,
  type ResendVerificationAnswer,
  type SessionAnswer,
  type SignupVerificationAnswer,
  VERIFICATION_CODE_MINUTES,
} from '@furrow/domain/api/auth';
import { AppError, type ErrorCode } from '@furrow/domain/errors';
import { z } from 'zod';
import type { GoogleIdentity, GoogleVerifier } from '../../adapters/google-identity';
import {
  passwordChangedMail,
  passwordResetMail,
  verificationCodeMail,
} from '../../adapters/mail-templates';
import { hashPassword, verifyPassword } from '../../adapters/passwords';
import type { Db } from '../../db/client';
import { type Executor, withTransaction } from '../../db/transaction';
import { enqueue } from '../../jobs/enqueue';
import { defineJob } from '../../jobs/job-kind';
import { sendMail } from '../../jobs/send-mail';
import { authorize } from '../../policy/policy';
import { ensureFarmer } from '../farmers';
import {
  confirmEmail,
  ensureCustomerProfile,
  findUserByEmail,
  findUserById,
  insertAccount,
  recordSignIn,
  setPassword,
  toUserAnswer,
  type UserRow,
} from '../users';
import {
  consumeResetToken,
  consumeVerificationCode,
  issueResetToken,
  issueVerificationCode,
  peekResetToken,
  voidOpenSecrets,
} from './one-time-secrets';
import { signSessionToken, signVerificationToken } from './tokens';

export interface AuthDeps {
  db: Db;
  /** Signs session and verification tokens, and keys the digests of codes and links. */
  secret: string;
  /** Where people reach Furrow, for the links in e-mails. */
  publicUrl: string;
  /** Null when Google sign-in is not configured. */
  google: GoogleVerifier | null;
}

const byEmail = z.object({ email: z.string() });
/** A code asked for by address; the job finds out whether an account there waits for one. */
export const codeRequested = defineJob('auth.code-requested', byEmail);
/** A reset link asked for by address; the job finds out whether an account uses it. */
export const resetRequested = defineJob('auth.reset-requested', byEmail);

/**
 * A new, unverified account, and a code on its way to the address. A farmer gets the farmers row that
 * the farm features expect; a customer gets a profile once the address is verified.
 */
export async function register(deps: AuthDeps, body: RegisterBody): Promise<RegisterAnswer> {
  // Cheap check first, so that a taken address does not cost a password hash.
  if (await findUserByEmail(deps.db, body.email)) throw new AppError('EMAIL_TAKEN');
  const passwordHash = await hashPassword(body.password);
  const user = await withTransaction(deps.db, async (tx) => {
    const created = await insertAccount(tx, {
      email: body.email,
      passwordHash,
      role: body.role,
      firstName: body.firstName,
      lastName: body.lastName,
      status: 'pending',
      isEmailVerified: false,
    });
    // Someone else took the address between the check and the insert.
    if (!created) throw new AppError('EMAIL_TAKEN');
    if (created.role === 'farmer') await ensureFarmer(tx, created.id);
    await sendNewCode(tx, deps, created);
    return created;
  });
  return {
    message: `We sent a 6-digit code to ${user.email}. Enter it to finish signing up.`,
    token: await signVerificationToken(deps.secret, user.id),
  };
}

/** The account of a verification token while it still waits for its code. */
async function findWaitingAccount(
  deps: AuthDeps,
  userId: string,
  missing: ErrorCode,
): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError(missing);
  if (user.isEmailVerified) throw new AppError('ALREADY_VERIFIED');
  return user;
}

export async function verifySignup(
  deps: AuthDeps,
  userId: string,
  code: string,
): Promise<SignupVerificationAnswer> {
  const user = await findWaitingAccount(deps, userId, 'INVALID_CODE');
  if (!(await consumeVerificationCode(deps.db, deps.secret, userId, code))) {
    throw new AppError('INVALID_CODE');
  }
  const verified = await withTransaction(deps.db, (tx) => markVerified(tx, user.id, {}));
  // The code proves the mailbox and the password was chosen minutes ago: asking for it again
  // proves nothing more (docs/decisions/0023-verified-code-signs-in.md).
  return startSession(deps, verified, 'Your e-mail address is verified. You are signed in.');
}

/** A new code for the account of a verification token. */
export async function resendForAccount(
  deps: AuthDeps,
  userId: string,
): Promise<ResendVerificationAnswer> {
  const user = await findWaitingAccount(deps, userId, 'VERIFICATION_EXPIRED');
  await withTransaction(deps.db, (tx) => sendNewCode(tx, deps, user));
  return {
    message: `We sent a new code to ${user.email}.`,
    token: await signVerificationToken(deps.secret, user.id),
  };
}

/**
 * A new code for an address typed on the sign-in page. The answer is the same whether or not an
 * unverified account uses the address (a token for no account simply never verifies), and the same
 * job is queued either way, so that neither the words nor the time tell who has an account.
 */
export async function resendForEmail(
  deps: AuthDeps,
  email: string,
): Promise<ResendVerificationAnswer> {
  const user = await findUserByEmail(deps.db, email);
  const waiting = user && isWaiting(user) ? user : undefined;
  await enqueue(deps.db, codeRequested, { email });
  return {
    message: `If an account with ${email} is waiting for verification, we sent it a new code.`,
    token: await signVerificationToken(deps.secret, waiting?.id ?? randomUUID()),
  };
}

// Verifying a password for an unknown address takes as long as for a known one.
let dummyHash: Promise<string> | undefined;

export async function login(
  deps: AuthDeps,
  body: { email: string; password: string; admin?: boolean | undefined },
): Promise<SessionAnswer> {
  const user = await findUserByEmail(deps.db, body.email);
  const passwordHash = user?.passwordHash ?? null;
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomUUID());
    await verifyPassword(await dummyHash, body.password);
  }
  if (!user || !passwordHash || !(await verifyPassword(passwordHash, body.password))) {
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (user.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED');
  if (body.admin) authorize(user, 'admin.signIn');
  if (!user.isEmailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  return startSession(deps, user, 'You are signed in.');
}

/** Always answers the same: the account is looked up by the queued job, after the answer. */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: string,
): Promise<{ message: string }> {
  await enqueue(deps.db, resetRequested, { email });
  return {
    message: `If an account uses ${email}, we sent it a link to choose a new password. The link works for ${RESET_LINK_MINUTES} minutes.`,
  };
}

/**
 * A new password from the e-mailed link. The link proves the mailbox, so an account still waiting
 * for its code is verified too. Every session of the account ends.
 */
export async function resetWithToken(
  deps: AuthDeps,
  token: string,
  newPassword: string,
): Promise<{ message: string }> {
  // A bad link is refused before it costs a password hash.
  if (!(await peekResetToken(deps.db, deps.secret, token))) {
    throw new AppError('INVALID_RESET_TOKEN');
  }
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(deps.db, async (tx) => {
    const userId = await consumeResetToken(tx, deps.secret, token);
    if (!userId) throw new AppError('INVALID_RESET_TOKEN');
    const user = await markVerified(tx, userId, { passwordHash, endSessions: true });
    await notifyPasswordChanged(tx, deps, user);
  });
  return { message: 'Your password has been reset. Please sign in with your new password.' };
}

/** A signed-in user changes their password; every session, this one included, ends. */
export async function changePassword(
  deps: AuthDeps,
  userId: string,
  oldPassword: string,
  newPassword: string,
): Promise<{ message: string }> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('SESSION_EXPIRED');
  if (!user.passwordHash) throw new AppError('NO_PASSWORD_SET');
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new AppError('WRONG_PASSWORD');
  }
  if (oldPassword === newPassword) throw new AppError('SAME_PASSWORD');
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(deps.db, async (tx) => {
    await setPassword(tx, user.id, passwordHash);
    // A reset link asked for before the change must not undo it.
    await voidOpenSecrets(tx, user.id, 'reset_password', new Date());
    await notifyPasswordChanged(tx, deps, user);
  });
  return { message: 'Your password has been changed. Please sign in with your new password.' };
}

/**
 * Google sign-in. A new address becomes an active, verified customer with a profile. A known address
 * signs into that account; if it was never verified, Google has now proved the mailbox, so the
 * account is verified and any password set by whoever started the sign-up is removed.
 */
export async function googleSignIn(
  deps: AuthDeps,
  credential: string,
): Promise<GoogleSignInAnswer> {
  if (!deps.google) throw new AppError('GOOGLE_DISABLED');
  const identity = await deps.google.verify(credential);
  const existing = await findUserByEmail(deps.db, identity.email);
  if (existing) {
    if (existing.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED');
    const user = existing.isEmailVerified
      ? existing
      : await withTransaction(deps.db, (tx) =>
          markVerified(tx, existing.id, { passwordHash: null, endSessions: true }),
        );
    return { ...(await startSession(deps, user, 'You are signed in.')), isNewUser: false };
  }

  const names = namesOf(identity);
  const created = await withTransaction(deps.db, async (tx) => {
    const row = await insertAccount(tx, {
      email: identity.email,
      passwordHash: null,
      role: 'customer',
      ...names,
      status: 'active',
      isEmailVerified: true,
    });
    if (row) await ensureCustomerProfile(tx, row.id);
    return row;
  });
  if (!created) {
    // A second sign-in of the same new account won the race; this one signs into it.
    const winner = await findUserByEmail(deps.db, identity.email);
    if (!winner) throw new AppError('INVALID_GOOGLE_TOKEN');
    return { ...(await startSession(deps, winner, 'You are signed in.')), isNewUser: false };
  }
  return { ...(await startSession(deps, created, 'Welcome to Furrow!')), isNewUser: true };
}

function namesOf(identity: GoogleIdentity): { firstName: string; lastName: string } {
  if (identity.givenName) {
    return {
      firstName: identity.givenName.slice(0, 100),
      lastName: identity.familyName.slice(0, 100),
    };
  }
  const [first, ...rest] = identity.name.split(/\s+/).filter(Boolean);
  if (first) return { firstName: first.slice(0, 100), lastName: rest.join(' ').slice(0, 100) };
  return { firstName: identity.email.split('@')[0]?.slice(0, 100) || 'Friend', lastName: '' };
}

async function startSession(
  deps: AuthDeps,
  user: UserRow,
  message: string,
): Promise<SessionAnswer> {
  const current = (await recordSignIn(deps.db, user.id)) ?? user;
  return {
    message,
    user: toUserAnswer(current),
    token: await signSessionToken(deps.secret, {
      userId: current.id,
      tokenVersion: current.tokenVersion,
    }),
  };
}

/**
 * Marks an account's address as verified (a pending account becomes active; a suspended one stays
 * suspended), gives a customer their profile, and optionally sets the password and ends sessions.
 */
async function markVerified(
  tx: Executor,
  userId: string,
  change: { passwordHash?: string | null; endSessions?: boolean },
): Promise<UserRow> {
  const user = await confirmEmail(tx, userId, change);
  if (!user) throw new AppError('INVALID_CODE');
  if (user.role === 'customer') await ensureCustomerProfile(tx, userId);
  // Codes still open for the address are of no use now, nor, once the password changed, links.
  await voidOpenSecrets(tx, userId, 'verify_email', new Date());
  if (change.passwordHash !== undefined) {
    await voidOpenSecrets(tx, userId, 'reset_password', new Date());
  }
  return user;
}

/** A new code for an account, queued to be e-mailed with it; the earlier codes stop working. */
async function sendNewCode(tx: Executor, deps: AuthDeps, user: UserRow): Promise<void> {
  const code = await issueVerificationCode(tx, deps.secret, user.id);
  await enqueue(
    tx,
    sendMail,
    verificationCodeMail({
      to: user.email,
      firstName: user.firstName || 'there',
      code,
      minutes: VERIFICATION_CODE_MINUTES,
    }),
  );
}

function isWaiting(user: UserRow): boolean {
  return !user.isEmailVerified && user.status !== 'suspended';
}

/** The job behind a code asked for by address: a new code if an account there still waits for one. */
export async function sendCodeIfWaiting(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || !isWaiting(user)) return;
  await withTransaction(deps.db, (tx) => sendNewCode(tx, deps, user));
}

/** The job behind "forgot password": a new link, if an account in good standing uses the address. */
export async function sendResetLink(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.status === 'suspended') return;
  await withTransaction(deps.db, async (tx) => {
    const token = await issueResetToken(tx, deps.secret, user.id);
    const link = `${deps.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await enqueue(
      tx,
      sendMail,
      passwordResetMail({
        to: user.email,
        firstName: user.firstName || 'there',
        link,
        minutes: RESET_LINK_MINUTES,
      }),
    );
  });
}

function notifyPasswordChanged(tx: Executor, deps: AuthDeps, user: UserRow): Promise<string> {
  return enqueue(
    tx,
    sendMail,
    passwordChangedMail({
      to: user.email,
      firstName: user.firstName || 'there',
      signInLink: `${deps.publicUrl}/auth/login`,
    }),
  );
}
