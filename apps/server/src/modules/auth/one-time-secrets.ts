import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  RESET_LINK_MINUTES,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_MINUTES,
} from '@furrow/domain/api/auth';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { oneTimeSecrets } from './auth.schema';

type Purpose = 'verify_email' | 'reset_password';

/**
 * Keyed with the server's secret: a 6-digit code has too few values for a plain hash to hide it
 * from someone who reads the table, but without the key they cannot test a guess.
 */
function digest(key: string, purpose: Purpose, value: string): string {
  return createHmac('sha256', key).update(`${purpose}:${value}`).digest('base64url');
}

function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** Voids every open secret of a purpose, so that only the newest code or link works. */
export async function voidOpenSecrets(
  tx: Executor,
  userId: string,
  purpose: Purpose,
  now: Date,
): Promise<void> {
  await tx
    .update(oneTimeSecrets)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeSecrets.userId, userId),
        eq(oneTimeSecrets.purpose, purpose),
        isNull(oneTimeSecrets.usedAt),
      ),
    );
}

/** A new 6-digit sign-up code (the earlier ones stop working). Returns the code to e-mail. */
export async function issueVerificationCode(
  tx: Executor,
  key: string,
  userId: string,
  now = new Date(),
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await voidOpenSecrets(tx, userId, 'verify_email', now);
  await tx.insert(oneTimeSecrets).values({
    userId,
    purpose: 'verify_email',
    secretHash: digest(key, 'verify_email', code),
    expiresAt: minutesFrom(now, VERIFICATION_CODE_MINUTES),
  });
  return code;
}

/**
 * Checks a code against the user's newest one. Every try is counted before the comparison, in one
 * conditional UPDATE, so that concurrent guesses cannot pass the limit: after 5 tries the code is
 * void, and even the right one fails. A right code is used up in the same way, once.
 */
export async function consumeVerificationCode(
  db: Db,
  key: string,
  userId: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const newest = db
    .select({ id: oneTimeSecrets.id })
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.userId, userId), eq(oneTimeSecrets.purpose, 'verify_email')))
    .orderBy(desc(oneTimeSecrets.createdAt), desc(oneTimeSecrets.id))
    .limit(1);
  const [claimed] = await db
    .update(oneTimeSecrets)
    .set({ attempts: sql`${oneTimeSecrets.attempts} + 1` })
    .where(
      and(
        inArray(oneTimeSecrets.id, newest),
        isNull(oneTimeSecrets.usedAt),
        gt(oneTimeSecrets.expiresAt, now),
        lt(oneTimeSecrets.attempts, VERIFICATION_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: oneTimeSecrets.id, secretHash: oneTimeSecrets.secretHash });
  if (!claimed || !sameDigest(claimed.secretHash, digest(key, 'verify_email', code))) return false;
  const [used] = await db
    .update(oneTimeSecrets)
    .set({ usedAt: now })
    .where(and(eq(oneTimeSecrets.id, claimed.id), isNull(oneTimeSecrets.usedAt)))
    .returning({ id: oneTimeSecrets.id });
  return used !== undefined;
}

/**
 * A new password reset token (earlier links stop working): `<id>.<secret>`, so that the row is found
 * by its key and the secret compared in constant time. Only a keyed digest of the secret is stored.
 */
export async function issueResetToken(
  tx: Executor,
  key: string,
  userId: string,
  now = new Date(),
): Promise<string> {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  await voidOpenSecrets(tx, userId, 'reset_password', now);
  await tx.insert(oneTimeSecrets).values({
    id,
    userId,
    purpose: 'reset_password',
    secretHash: digest(key, 'reset_password', secret),
    expiresAt: minutesFrom(now, RESET_LINK_MINUTES),
  });
  return `${id}.${secret}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row of a well-formed reset token whose secret matches, usable or not. */
async function findResetToken(db: Executor, key: string, token: string) {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || !UUID.test(id)) return null;
  const [row] = await db
    .select({
      id: oneTimeSecrets.id,
      userId: oneTimeSecrets.userId,
      secretHash: oneTimeSecrets.secretHash,
      usedAt: oneTimeSecrets.usedAt,
      expiresAt: oneTimeSecrets.expiresAt,
    })
    .from(oneTimeSecrets)
    .where(and(eq(oneTimeSecrets.id, id), eq(oneTimeSecrets.purpose, 'reset_password')));
  if (!row || !sameDigest(row.secretHash, digest(key, 'reset_password', secret))) return null;
  return row;
}

/**
 * The user of a reset token that would work now, without using it up: lets the caller refuse a bad
 * link before it spends a password hash on it.
 */
export async function peekResetToken(
  db: Executor,
  key: string,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const row = await findResetToken(db, key, token);
  if (!row || row.usedAt || row.expiresAt <= now) return null;
  return row.userId;
}

/**
 * Uses up a reset token inside the caller's transaction and returns its user, or null when the token
 * is unknown, wrong, expired or already used. The conditional UPDATE lets only one of two
 * simultaneous uses win.
 */
export async function consumeResetToken(
  tx: Executor,
  key: string,
  token: string,
  now = new Date(),
): Promise<string | null> {
  const row = await findResetToken(tx, key, token);
  if (!row) return null;
  const [used] = await tx
    .update(oneTimeSecrets)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeSecrets.id, row.id),
        isNull(oneTimeSecrets.usedAt),
        gt(oneTimeSecrets.expiresAt, now),
      ),
    )
    .returning({ id: oneTimeSecrets.id });
  if (!used) return null;
  // Any other link still open for this account dies with this one.
  await voidOpenSecrets(tx, row.userId, 'reset_password', now);
  return row.userId;
}
