// `npm run bench:start`: how fast the built server starts on the embedded database (PGlite) and how
// much memory it holds, idle and under load, on the demo data of `npm start`. The first start of an
// empty data folder creates the database and loads the demo data; the restarts after it are what an
// operator waits for on every deploy.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { machineReport, writeResults } from './report';
import { rssBytes, startServer, watchPeakRss } from './server';

// The embedded database, whatever this shell points at.
delete process.env.DATABASE_URL;

const port = Number(process.env.BENCH_PORT ?? 3200);
const restarts = Number(process.env.BENCH_RESTARTS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** How long the server is left alone before its idle memory is read. */
const IDLE_WAIT_MS = 5_000;
/**
 * How much later it is read again, settled: by then the start's work in the background (browse's
 * fill, V8 compiling the code that ran hot) is over. Also how long after the load the memory is
 * read once more.
 */
const SETTLE_MS = 10_000;

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Start {
  label: string;
  wallMs: number;
  cpuMs: number;
  idleRssMb: number;
  settledRssMb: number;
  loadRssMb?: number;
  afterLoadRssMb?: number;
  loadRps?: number;
}

// Portland, OR: the demo data's farms, and the landing page's default location.
const near = 'lat=45.5152&long=-122.6784';
const dataDir = mkdtempSync(join(tmpdir(), 'furrow-bench-start-'));
const starts: Start[] = [];
try {
  for (let run = 0; run <= restarts; run++) {
    const server = await startServer({ port, dataDir, env: { LOG_LEVEL: 'warn' } });
    try {
      if (run === 0) {
        // The demo pictures are drawn after the first start, in the background; let them finish
        // so that the restarts measure a settled data folder.
        await sleep(IDLE_WAIT_MS * 3);
      } else {
        await sleep(IDLE_WAIT_MS);
      }
      const idleRssMb = mb(rssBytes(server.process.pid));
      await sleep(SETTLE_MS);
      const start: Start = {
        label:
          run === 0
            ? 'first start (empty data folder: database created, demo data loaded)'
            : `restart ${run}`,
        wallMs: server.coldStartMs,
        cpuMs: server.coldStartCpuMs,
        idleRssMb,
        settledRssMb: mb(rssBytes(server.process.pid)),
      };
      if (run === restarts) {
        // Under load: the landing page's calls and the page itself, as shoppers arriving at once.
        const peak = watchPeakRss(server.process.pid);
        const result = await autocannon({
          url: server.base,
          connections,
          duration: seconds,
          requests: [
            { method: 'GET', path: `/api/products?${near}&limit=24&offset=0` },
            { method: 'GET', path: `/api/farms/featured?${near}&limit=6` },
            { method: 'GET', path: '/' },
          ],
        });
        start.loadRssMb = mb(peak());
        start.loadRps = result.requests.average;
        await sleep(SETTLE_MS);
        start.afterLoadRssMb = mb(rssBytes(server.process.pid));
      }
      starts.push(start);
    } finally {
      await server.stop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const restartRows = starts.slice(1);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const loaded = starts.at(-1);
const lines = [
  '# Server start and memory (embedded database)',
  '',
  machineReport({ database: 'PGlite (embedded), demo data', restarts: String(restarts) }),
  '',
  'Start: from spawning `node apps/server/dist/main.js` to the first 200 on `/api/health`. CPU: the',
  "user and system time the server's process used until then, which depends much less than the wall",
  "time on what else the machine runs. Idle memory: the process's RSS 5 s after it answered (15 s",
  `after the first start), and settled, ${SETTLE_MS / 1000} s later.`,
  '',
  '| start | wall ms | CPU ms | idle RSS MB | settled RSS MB |',
  '|---|---:|---:|---:|---:|',
  ...starts.map(
    (start) =>
      `| ${start.label} | ${start.wallMs.toFixed(0)} | ${start.cpuMs} | ${start.idleRssMb} | ${start.settledRssMb} |`,
  ),
  `| **restart, median** | **${median(restartRows.map((start) => start.wallMs)).toFixed(0)}** | **${median(restartRows.map((start) => start.cpuMs))}** | **${median(restartRows.map((start) => start.idleRssMb))}** | **${median(restartRows.map((start) => start.settledRssMb))}** |`,
  '',
  `Under load (last restart): ${connections} connections for ${seconds} s on the landing page's product`,
  `list, featured farms and the page itself: ${loaded?.loadRps?.toFixed(0)} requests/s, peak RSS`,
  `**${loaded?.loadRssMb} MB**; ${SETTLE_MS / 1000} s after the load, ${loaded?.afterLoadRssMb} MB.`,
  '',
  'Targets: start under 2 s, RSS under 200 MB idle and 300 MB under load (`npm run bench:memory`',
  'measures the idle RSS and its growth over a long load).',
];
const text = lines.join('\n');
console.log(text);
console.log(`\nwritten to ${writeResults('start', text)}`);
