import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readSettings } from './config';
import { isDatabaseUnreachable, openConfiguredDatabase, openDatabase } from './db/client';
import { registerErrorHandler } from './plugins/error-handler';
import { startupFailure } from './startup-failure';

/** A port that takes connections and never says a word: a database that stopped answering. */
async function silentServer() {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('a PostgreSQL that does not answer', () => {
  // The test's time limit is the proof: without the pool's timeouts the query waits for ever.
  it('fails a query within seconds, and the request gets a 503', { timeout: 20_000 }, async () => {
    const silent = await silentServer();
    const database = await openDatabase({
      url: `postgres://furrow:secret@127.0.0.1:${silent.port}/furrow`,
      onIdleError: () => {},
    });
    try {
      const error = await database.db.execute(sql`select 1`).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnreachable(error)).toBe(true);

      const app = Fastify();
      registerErrorHandler(app);
      app.get('/orders', async () => database.db.execute(sql`select 1`));
      const res = await app.inject({ method: 'GET', url: '/orders' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'UNAVAILABLE',
        message: 'Furrow cannot reach its database just now. Please try again in a moment.',
      });
      await app.close();
    } finally {
      await database.close().catch(() => {});
      silent.close();
    }
  });
});

describe('a server that cannot start', () => {
  it('names the database it could not reach and why, without the password', async () => {
    // Nothing listens on port 1.
    const url = 'postgres://furrow:hunter2@127.0.0.1:1/furrow';
    const error = await openConfiguredDatabase(readSettings({ DATABASE_URL: url }), () => {})
      .then((database) => database.migrate().finally(() => database.close()))
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    const message = startupFailure(error, { DATABASE_URL: url });
    expect(message).toContain(
      'PostgreSQL at postgres://furrow:***@127.0.0.1:1/furrow cannot be reached',
    );
    expect(message).toContain('ECONNREFUSED');
    expect(message).not.toContain('hunter2');
  });

  it('names a data directory it cannot write', async () => {
    const parent = join(tmpdir(), `furrow-start-${process.pid}-${Date.now()}`);
    mkdirSync(parent, { recursive: true });
    // A file where the directory should be: nothing can be made inside it.
    writeFileSync(join(parent, 'data'), '');
    const dataDir = join(parent, 'data');
    const error = await openConfiguredDatabase(readSettings({ DATA_DIR: dataDir })).then(
      (database) => database.close().then(() => null),
      (caught: unknown) => caught,
    );
    const message = startupFailure(error, { DATA_DIR: dataDir });
    expect(message).toMatch(/cannot be written/);
    expect(message).toContain(dataDir);
  });
});
