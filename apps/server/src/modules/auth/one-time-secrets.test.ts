import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { useTestApp } from '../../testing/test-app';
import { users } from '../users/users.schema';
import { oneTimeSecrets } from './auth.schema';
import {
  consumeResetToken,
  consumeVerificationCode,
  issueResetToken,
  issueVerificationCode,
} from './one-time-secrets';

const t = useTestApp();
const key = 'k'.repeat(40);

let counter = 0;
async function newUser(): Promise<string> {
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: `secret-${++counter}-${Date.now()}@example.com`,
      role: 'customer',
      firstName: 'Ada',
      lastName: 'Field',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  return user.id;
}

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('verification codes under concurrent tries', () => {
  it('never counts more than 5 tries, however many arrive at once', async () => {
    const userId = await newUser();
    const code = await issueVerificationCode(t.database.db, key, userId);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        consumeVerificationCode(t.database.db, key, userId, wrongFor(code)),
      ),
    );
    expect(results.every((ok) => ok === false)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(oneTimeSecrets)
      .where(eq(oneTimeSecrets.userId, userId));
    expect(row?.attempts).toBe(5);
    expect(await consumeVerificationCode(t.database.db, key, userId, code)).toBe(false);
  });

  it('lets the right code through once when it is sent several times at once', async () => {
    const userId = await newUser();
    const code = await issueVerificationCode(t.database.db, key, userId);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => consumeVerificationCode(t.database.db, key, userId, code)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('does not accept a code made with another key', async () => {
    const userId = await newUser();
    const code = await issueVerificationCode(t.database.db, key, userId);
    expect(await consumeVerificationCode(t.database.db, 'x'.repeat(40), userId, code)).toBe(false);
  });
});

describe('reset tokens under concurrent use', () => {
  it('are used once even when two requests race', async () => {
    const userId = await newUser();
    const token = await issueResetToken(t.database.db, key, userId);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        withTransaction(t.database.db, (tx) => consumeResetToken(tx, key, token)),
      ),
    );
    expect(results.filter((id) => id === userId)).toHaveLength(1);
    expect(results.filter((id) => id === null)).toHaveLength(3);
  });

  it('refuse malformed tokens without touching the database', async () => {
    for (const token of ['', '.', 'abc', 'not-a-uuid.secret', 'a.b.c']) {
      expect(
        await withTransaction(t.database.db, (tx) => consumeResetToken(tx, key, token)),
      ).toBeNull();
    }
  });
});
