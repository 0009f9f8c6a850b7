// Starts the built server for the journeys: on the embedded database, or, when TEST_DATABASE_URL is
// set, on a fresh PostgreSQL database of its own (dropped again when the server stops).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { serverProcess } from '../scripts/server-process.mjs';

const main = new URL('../apps/server/dist/main.js', import.meta.url).pathname;
const adminUrl = process.env.TEST_DATABASE_URL;
const env = { ...process.env };
let dropDatabase = async () => {};

if (adminUrl) {
  const name = `furrow_e2e_${randomBytes(6).toString('hex')}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  // The server asks for a shared secret whenever DATABASE_URL is set; this run has one process.
  env.JWT_SECRET ??= randomBytes(48).toString('base64url');
  dropDatabase = () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

// As `npm start` runs it, so that the journeys exercise its process settings too.
const { execArgv, env: serverEnv } = serverProcess(env);
const server = spawn(process.execPath, [...execArgv, main], { env: serverEnv, stdio: 'inherit' });
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', async (code) => {
  await dropDatabase().catch(() => {});
  process.exit(code ?? 0);
});
