import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../modules/users/users.schema';
import { useTestApp } from '../testing/test-app';
import { redactedError, redactedMessage } from './log-redaction';

const t = useTestApp();

/** A failed INSERT whose values are a person's data, as drizzle reports it. */
let people = 0;
async function failedInsert(): Promise<unknown> {
  const values = {
    email: `secret-person-${++people}@example.com`,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$SECRETHASH',
    role: 'customer' as const,
    firstName: 'Ada',
    lastName: 'Field',
  };
  await t.database.db.insert(users).values(values);
  try {
    // The same address again: a unique violation, whose message and detail would name the values.
    await t.database.db.insert(users).values(values);
  } catch (error) {
    return error;
  }
  throw new Error('the insert did not fail');
}

describe('a failed query in the log', () => {
  it('keeps the SQL and the database code but none of the values', async () => {
    const error = await failedInsert();
    expect(String((error as Error).message)).toContain('SECRETHASH');
    const logged = JSON.stringify(redactedError(error as Error));
    expect(logged).toContain('insert into');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('SECRETHASH');
    expect(logged).not.toContain('secret-person-');
    expect(redactedMessage(error)).not.toContain('SECRETHASH');
  });

  it('drops the value PostgreSQL quotes when it cannot read one', async () => {
    let error: unknown;
    try {
      await t.database.db.execute(sql`select ${'not-a-uuid-SECRET'}::uuid`);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    expect(JSON.stringify(redactedError(error as Error))).not.toContain('SECRET');
  });
});
