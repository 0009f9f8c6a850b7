import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-app';
import { LISTENING_APPLICATION_NAME } from './listening-connection';

const { database, drop } = await openTestDatabase();
afterAll(async () => {
  await database.close();
  await drop();
});

/** What each listener heard, by channel, in order. */
function hearing(): { heard: Record<string, string[]>; on(channel: string): (p: string) => void } {
  const heard: Record<string, string[]> = {};
  return {
    heard,
    on: (channel) => (payload) => {
      heard[channel] = [...(heard[channel] ?? []), payload];
    },
  };
}

const notify = (channel: string, payload: string) =>
  database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

describe('listening on two channels', () => {
  it('gives each channel its own notifications, and keeps one when the other stops', async () => {
    const { heard, on } = hearing();
    const stopApples = await database.listen('apples_changed', on('apples_changed'));
    const stopPears = await database.listen('pears_changed', on('pears_changed'));

    await notify('apples_changed', 'a1');
    await notify('pears_changed', 'p1');
    await expect.poll(() => heard).toEqual({ apples_changed: ['a1'], pears_changed: ['p1'] });

    await stopApples();
    await notify('apples_changed', 'a2');
    await notify('pears_changed', 'p2');
    await expect.poll(() => heard.pears_changed).toEqual(['p1', 'p2']);
    expect(heard.apples_changed).toEqual(['a1']);
    await stopPears();
  });
});

// The connections a process holds are PostgreSQL's to show; PGlite is one connection in all.
describe.runIf(process.env.TEST_DATABASE_URL)('the listening connection on PostgreSQL', () => {
  const listeningBackends = async () => {
    const result = await database.db.execute(sql`
      select pid from pg_stat_activity
      where datname = current_database() and application_name = ${LISTENING_APPLICATION_NAME}`);
    return (result as unknown as { rows: { pid: number }[] }).rows.map((row) => row.pid);
  };

  it('is one connection for every channel, closed when the last listener stops', async () => {
    expect(await listeningBackends()).toEqual([]);
    const { heard, on } = hearing();
    const stopApples = await database.listen('apples_changed', on('apples_changed'));
    const stopPears = await database.listen('pears_changed', on('pears_changed'));
    const stopPlums = await database.listen('plums_changed', on('plums_changed'));
    expect(await listeningBackends()).toHaveLength(1);

    await stopApples();
    await stopPears();
    expect(await listeningBackends()).toHaveLength(1);
    await notify('plums_changed', 'still');
    await expect.poll(() => heard.plums_changed).toEqual(['still']);

    await stopPlums();
    await expect.poll(listeningBackends).toEqual([]);
  });

  it('listens again to every channel once PostgreSQL ends its connection', async () => {
    const { heard, on } = hearing();
    const stopApples = await database.listen('apples_changed', on('apples_changed'));
    const stopPears = await database.listen('pears_changed', on('pears_changed'));
    const [first] = await listeningBackends();

    await database.db.execute(sql`select pg_terminate_backend(${first})`);
    // Back, each listener is told once that it may have missed something.
    await expect
      .poll(() => heard, { timeout: 10_000 })
      .toEqual({
        apples_changed: [''],
        pears_changed: [''],
      });
    const again = await listeningBackends();
    expect(again).toHaveLength(1);
    expect(again).not.toContain(first);

    await notify('apples_changed', 'a1');
    await notify('pears_changed', 'p1');
    await expect
      .poll(() => heard)
      .toEqual({ apples_changed: ['', 'a1'], pears_changed: ['', 'p1'] });

    await stopApples();
    await stopPears();
    await expect.poll(listeningBackends).toEqual([]);
  });
});
