// Load scenarios against the built server on loopback. Each scenario is reported next to a baseline
// (the health check) measured in the same run, so the numbers compare across machines.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

const scenarios: Scenario[] = [
  { name: 'health (baseline)', path: '/api/health' },
  { name: 'browse Portland, 50 km', path: '/api/products?lat=45.5152&long=-122.6784' },
  {
    name: 'browse Austin, fruit',
    path: '/api/products?lat=30.2672&long=-97.7431&categorySlug=fruit',
  },
  { name: 'landing page', path: '/' },
];

/**
 * The demo customer's order list and the pickup slots of the farm of its latest order: the reads
 * of checkout and of the orders page, signed in as the demo seed's customer.
 */
async function shoppingScenarios(): Promise<Scenario[]> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'customer@furrow.test', password: 'fresh-carrots-42' }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const orders = await fetch(`${base}/api/orders?limit=1`, { headers });
  const { orders: latest } = (await orders.json()) as { orders: { farm: { id: string } }[] };
  const farmId = latest[0]?.farm.id;
  if (!farmId) throw new Error('the demo customer has no orders');
  return [
    { name: 'my orders (20 a page)', path: '/api/orders', headers },
    { name: 'pickup slots of a farm', path: `/api/farms/${farmId}/pickup-slots` },
  ];
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

function startServer(dataDir: string): ChildProcess {
  const main = new URL('../apps/server/dist/main.js', import.meta.url).pathname;
  // On PostgreSQL (DATABASE_URL) the server needs JWT_SECRET; one process, so any secret will do.
  const secret = process.env.DATABASE_URL
    ? { JWT_SECRET: randomBytes(48).toString('base64url') }
    : {};
  return spawn(process.execPath, [main], {
    env: {
      ...secret,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'inherit',
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'furrow-bench-'));
const server = startServer(dataDir);
try {
  await waitForServer();
  scenarios.push(...(await shoppingScenarios()));
  const results: { name: string; rps: number; p99: number }[] = [];
  for (const scenario of scenarios) {
    const result = await autocannon({
      url: base + scenario.path,
      headers: scenario.headers,
      connections: 20,
      duration: seconds,
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(
        `${scenario.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`,
      );
    }
    results.push({ name: scenario.name, rps: result.requests.average, p99: result.latency.p99 });
  }
  const baseline = results[0]?.rps ?? 1;
  console.log(
    `\n${'scenario'.padEnd(32)}${'req/s'.padStart(10)}${'p99 ms'.padStart(10)}${'vs baseline'.padStart(14)}`,
  );
  for (const row of results) {
    console.log(
      `${row.name.padEnd(32)}${row.rps.toFixed(0).padStart(10)}${String(row.p99).padStart(10)}${(row.rps / baseline).toFixed(2).padStart(14)}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
