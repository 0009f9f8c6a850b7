import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-app';

// PostgreSQL's settings are its operator's; Furrow sets only the embedded database's.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database', async () => {
  const { database, drop } = await openTestDatabase();
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const setting = async (name: string) => {
    // node-postgres and PGlite both answer `{ rows }`.
    const result = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows[0]?.[name];
  };

  it('opens with 8 MB of shared buffers and room for 10 connections, not 128 MB and 100', async () => {
    expect(await setting('shared_buffers')).toBe('8MB');
    expect(await setting('max_connections')).toBe('10');
    expect(await setting('shared_memory_size')).toBe('12MB');
  });
});
