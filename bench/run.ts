// Load scenarios against the built server on loopback. Each scenario is reported next to a baseline
// (the health check) measured in the same run, so the numbers compare across machines.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const port = Number(process.env.BENCH_PORT ?? 3200);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const scenarios = [
  { name: 'health (baseline)', path: '/api/health' },
  { name: 'browse Portland, 50 km', path: '/api/products?lat=45.5152&long=-122.6784' },
  {
    name: 'browse Austin, fruit',
    path: '/api/products?lat=30.2672&long=-97.7431&categorySlug=fruit',
  },
  { name: 'landing page', path: '/' },
];

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
  return spawn(process.execPath, [main], {
    env: {
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
  const results: { name: string; rps: number; p99: number }[] = [];
  for (const scenario of scenarios) {
    const result = await autocannon({
      url: base + scenario.path,
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
