// `npm run bench`: the built server on generated national data, driven by autocannon through the
// shopper's requests, next to a bare Node HTTP server answering a body of the same size in the same
// run. The machine is shared, so absolute numbers move from run to run: compare the ratios.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { count, inArray, sql, sum } from 'drizzle-orm';
import { orderItems } from '../apps/server/src/modules/orders/orders.schema';
import { products } from '../apps/server/src/modules/products/products.schema';
import { type BenchDatabase, createBenchDatabase, openCapturing } from './database';
import { generateDataset, HOT_PRODUCT_STOCK } from './dataset';
import { type ExplainedQuery, explainScenarios } from './explain';
import { type FirstScreenRow, firstScreenTable, measureFirstScreen, median } from './first-screen';
import { loadDataset } from './load';
import { percentile, timeAlone } from './one-at-a-time';
import { machineReport, writeResults } from './report';
import { type Scenario, scenarios, shopperPoints, signInCustomers } from './scenarios';
import { rssBytes, startServer, watchPeakRss } from './server';
import { usCities } from './us-cities';

const sizes = (process.env.BENCH_PRODUCTS ?? '10000,100000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3200);
const TOKENS = 50;
/** Loads and explains without driving the server: to look at query plans quickly. */
const explainOnly = process.env.BENCH_EXPLAIN_ONLY === '1';
/**
 * Only the scenarios whose name starts with one in this comma-separated list: to measure one change
 * quickly ("farm page" takes the big farm's page and its next page too).
 */
const onlyScenarios = process.env.BENCH_SCENARIOS?.split(',').map((name) => name.trim());
const selected = (name: string) =>
  !onlyScenarios || onlyScenarios.some((prefix) => name.startsWith(prefix));
/** The big farm's page opened in Chromium, with the farm page scenarios (`BENCH_FIRST_SCREEN=0`: not). */
const firstScreen = process.env.BENCH_FIRST_SCREEN !== '0' && selected('farm page');
/** Browse near one request at a time, after its load test: its cost without the wait in line. */
const BROWSE_ALONE_REQUESTS = 500;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  expected: number;
  peakRssMb: number;
  ratio: number;
}

interface SizeResult {
  products: number;
  farms: number;
  loadSeconds: number;
  coldStartMs: number;
  /** From the first 200 on /api/health to its `browse: ready`: the start-up fill of browse's memory. */
  fillSeconds: number;
  idleRssMb: number;
  rows: Row[];
  explained: Record<string, ExplainedQuery[]>;
  stockCheck: string;
  database: string;
  firstScreen: FirstScreenRow[];
  /** The big farm's `GET /api/farms/{id}`, one request at a time on an idle server (ms). */
  bigFarmAlone: number[];
  /** Browse near, one request at a time on an idle server, each from a new point (ms). */
  browseAlone: number[];
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * Whether checkout under contention sold exactly what it took: for the contended products, the
 * stock left and the units in orders add up to the stock loaded. Read once the server has stopped,
 * so that answers still in flight when a run ended are counted too.
 */
async function checkStock(bench: BenchDatabase, productIds: string[]): Promise<string> {
  const capture = await openCapturing(bench);
  try {
    const left = await capture.db
      .select({ stock: sum(products.stock).mapWith(Number) })
      .from(products)
      .where(inArray(products.id, productIds));
    const sold = await capture.db
      .select({ units: sum(orderItems.quantity).mapWith(Number), orders: count() })
      .from(orderItems)
      .where(inArray(orderItems.productId, productIds));
    const stock = left[0]?.stock ?? 0;
    const units = sold[0]?.units ?? 0;
    const loaded = productIds.length * HOT_PRODUCT_STOCK;
    return `${productIds.length} contended products, ${loaded} units loaded, ${units} sold in ${sold[0]?.orders ?? 0} orders, ${stock} left: ${stock + units === loaded ? 'exact' : `WRONG by ${stock + units - loaded}`}`;
  } finally {
    await capture.close();
  }
}

/** A bare Node HTTP server answering every request with the same JSON body of `bytes` bytes. */
async function startBaseline(bytes: number): Promise<{ child: ChildProcess; base: string }> {
  const code = `
    const body = JSON.stringify({ products: 'x'.repeat(Math.max(0, ${bytes} - 16)) });
    const server = require('node:http').createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  // A free port of the system's choosing, printed by the child once it listens.
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', () => reject(new Error('the baseline server did not start')));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/**
 * Waits until the server answers a health check (which queries the database) within a second:
 * requests a run gave up on may still be queued in the server, and the next scenario must not
 * start behind them. Gives up after two minutes and says so.
 */
async function settle(base: string): Promise<void> {
  const until = performance.now() + 120_000;
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const answer = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
      if (answer.ok && performance.now() - started < 1_000) return;
    } catch {
      // still busy
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  console.warn('the server was still busy two minutes after the last scenario');
}

/** Seconds until the server's health check says browse is `ready`: its start-up fill has ended. */
async function browseFilled(base: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as { browse?: string };
    if (health.browse !== 'filling') return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function drive(
  base: string,
  scenario: Scenario,
  pid: number | undefined,
): Promise<Omit<Row, 'ratio'>> {
  let ok = 0;
  let expected = 0;
  let wrong = 0;
  const request = {
    ...scenario.request,
    onResponse: (status: number, body: string) => {
      if (status >= 200 && status < 300) ok++;
      else if (scenario.expected?.(status, body)) expected++;
      else wrong++;
    },
  };
  const options = { url: base, connections, requests: [request] };
  await autocannon({ ...options, duration: warmupSeconds });
  ok = 0;
  expected = 0;
  wrong = 0;
  const peak = watchPeakRss(pid);
  const result = await autocannon({ ...options, duration: seconds });
  const peakRss = peak();
  return {
    name: scenario.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: ok + expected + wrong,
    errors: wrong + result.errors,
    expected,
    peakRssMb: mb(peakRss),
  };
}

async function runSize(products: number): Promise<SizeResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'furrow-bench-'));
  try {
    console.log(`\n== ${products.toLocaleString('en-US')} products`);
    const dataset = generateDataset(products);
    const started = performance.now();
    const bench = await createBenchDatabase(dataDir);
    const capture = await openCapturing(bench);
    await loadDataset(capture.db, dataset);
    await capture.db.execute(sql`ANALYZE`);
    capture.take();
    const loadSeconds = (performance.now() - started) / 1000;
    console.log(`loaded ${dataset.farms.length} farms in ${loadSeconds.toFixed(1)} s`);
    const busiest = usCities[0];
    if (!busiest) throw new Error('no cities');
    const explained = await explainScenarios(capture, dataset, {
      lat: busiest.lat,
      long: busiest.lng,
    });
    const versionRows = await capture.db.execute(sql`select version() as version`);
    const database = String(
      (versionRows as unknown as { rows: { version: string }[] }).rows?.[0]?.version ?? bench.kind,
    );
    await capture.close();
    if (explainOnly) {
      return {
        products,
        farms: dataset.farms.length,
        loadSeconds,
        coldStartMs: 0,
        fillSeconds: 0,
        idleRssMb: 0,
        rows: [],
        explained,
        stockCheck: 'not run',
        database,
        firstScreen: [],
        bigFarmAlone: [],
        browseAlone: [],
      };
    }

    const server = await startServer({
      port,
      dataDir,
      env: { ...bench.serverEnv, DEMO_DATA: 'false', TRUST_PROXY: '127.0.0.1' },
    });
    const pid = server.process.pid;
    const idleRssMb = mb(rssBytes(pid));
    // The scenarios measure a server in its steady state: they start once it holds what browse
    // keeps in memory. Until then it answers too, from the database where memory does not hold
    // the farms yet; how long that lasts is reported beside the cold start.
    const fillSeconds = await browseFilled(server.base);
    console.log(`browse filled its memory in ${fillSeconds.toFixed(1)} s`);
    let baseline: ChildProcess | undefined;
    try {
      const sample = await fetch(
        `${server.base}/api/products?lat=${busiest.lat}&long=${busiest.lng}`,
      );
      const bodyBytes = (await sample.arrayBuffer()).byteLength;
      const bare = await startBaseline(bodyBytes);
      baseline = bare.child;
      const tokens = await signInCustomers(server.base, TOKENS);
      const baselineRow = await drive(
        bare.base,
        {
          name: `bare Node HTTP, ${bodyBytes} B JSON (baseline)`,
          request: { method: 'GET', path: '/' },
        },
        baseline.pid,
      );
      const rows: Row[] = [{ ...baselineRow, ratio: 1 }];
      for (const scenario of scenarios(dataset, tokens)) {
        if (!selected(scenario.name)) continue;
        await settle(server.base);
        const row = await drive(server.base, scenario, pid);
        rows.push({ ...row, ratio: row.rps / baselineRow.rps });
        console.log(
          `${row.name.padEnd(34)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}`,
        );
      }
      let browseAlone: number[] = [];
      if (selected('browse near')) {
        await settle(server.base);
        const near = shopperPoints();
        browseAlone = await timeAlone(
          () => `${server.base}/api/products?${near()}`,
          BROWSE_ALONE_REQUESTS,
        );
        console.log(`browse near alone: p50 ${percentile(browseAlone, 0.5)} ms`);
      }
      let firstScreenRows: FirstScreenRow[] = [];
      let bigFarmAlone: number[] = [];
      if (firstScreen) {
        await settle(server.base);
        bigFarmAlone = (
          await timeAlone(() => `${server.base}/api/farms/${dataset.bigFarmId}`, 5)
        ).map(Math.round);
        console.log(`big farm's page alone: ${bigFarmAlone.join(', ')} ms`);
        firstScreenRows = await measureFirstScreen(`${server.base}/farms/${dataset.bigFarmId}`);
        console.log(firstScreenTable(firstScreenRows).join('\n'));
      }
      await server.stop();
      return {
        products,
        farms: dataset.farms.length,
        loadSeconds,
        coldStartMs: server.coldStartMs,
        fillSeconds,
        idleRssMb,
        rows,
        explained,
        stockCheck: await checkStock(bench, dataset.hotProductIds),
        database,
        firstScreen: firstScreenRows,
        bigFarmAlone,
        browseAlone,
      };
    } finally {
      baseline?.kill('SIGTERM');
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function packageVersion(name: string): string {
  try {
    const path = new URL(`../node_modules/${name}/package.json`, import.meta.url);
    return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function report(results: SizeResult[]): string {
  const first = results[0];
  const lines = [
    `# Server benchmark (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite, embedded'})`,
    '',
    machineReport({
      database: first?.database ?? '',
      versions: ['fastify', 'drizzle-orm', '@electric-sql/pglite', 'pg', 'autocannon']
        .map((name) => `${name} ${packageVersion(name)}`)
        .join(', '),
      load: `autocannon, ${connections} connections, ${warmupSeconds} s warm-up then ${seconds} s measured, per scenario`,
    }),
    '',
    'The CPU is shared with other work while this runs, so requests/s and latencies move between',
    'runs; the ratio to the bare Node server measured in the same run is the number to compare.',
    'The baseline and the server run in their own processes; autocannon runs in a third, on the same 2 cores.',
    '',
    '## Scale',
    '',
    '| products | farms | load (s) | cold start (ms) | memory filled (s) | idle RSS (MB) | browse near p50 (ms) | browse near p99 (ms) | browse near / baseline | browse near alone, p50 / p99 (ms) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const result of results) {
    const browse = result.rows.find((row) => row.name === 'browse near');
    const alone =
      result.browseAlone.length > 0
        ? `${percentile(result.browseAlone, 0.5).toFixed(2)} / ${percentile(result.browseAlone, 0.99).toFixed(2)}`
        : '';
    lines.push(
      `| ${result.products.toLocaleString('en-US')} | ${result.farms} | ${result.loadSeconds.toFixed(1)} | ${result.coldStartMs.toFixed(0)} | ${result.fillSeconds.toFixed(1)} | ${result.idleRssMb} | ${browse?.p50} | ${browse?.p99} | ${browse?.ratio.toFixed(3)} | ${alone} |`,
    );
  }
  lines.push(
    '',
    `Under load, autocannon's p50 and p99 are whole milliseconds, and at ${connections} connections mostly the time a request waits behind the others. "Alone": ${BROWSE_ALONE_REQUESTS} requests one after another once the load is over, each from a new point, timed from this process (the client's own time included, the same at every size).`,
  );
  for (const result of results) {
    lines.push(
      '',
      `## ${result.products.toLocaleString('en-US')} products, ${result.farms} farms`,
      '',
      '| scenario | req/s | p50 (ms) | p99 (ms) | requests | errors | expected refusals | vs baseline | peak RSS (MB) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...result.rows.map(
        (row) =>
          `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.requests} | ${row.errors} | ${row.expected} | ${row.ratio.toFixed(3)} | ${row.peakRssMb} |`,
      ),
      '',
      `Checkout: ${result.stockCheck}. Sign-in is bound by argon2 (19 MiB, 2 passes) by design and is not a browse cost.`,
      '',
      ...(result.firstScreen.length > 0
        ? [
            "### First screen of the big farm's page (Chromium, local server, no throttling)",
            '',
            'From the start of navigation to the first product card painted, in a new browser context each run (cold cache), after the load test; CLS counted until the page had been still for a second.',
            '',
            ...firstScreenTable(result.firstScreen),
            '',
            `The big farm's \`GET /api/farms/{id}\` alone, one request at a time on the idle server: median ${median(result.bigFarmAlone)} ms (${result.bigFarmAlone.join(', ')}).`,
            '',
          ]
        : []),
      '### EXPLAIN ANALYZE of each scenario (at the busiest city; writes planned only)',
    );
    for (const [name, queries] of Object.entries(result.explained)) {
      const scans = queries.flatMap((query) => query.scans);
      lines.push(
        '',
        `<details><summary>${name}: ${queries.length} queries, ${scans.length === 0 ? 'no sequential scan of a big table' : `sequential scan of ${scans.join(', ')}`}</summary>`,
        '',
      );
      for (const query of queries) {
        lines.push('```sql', query.sql, '```', '```', ...query.plan, '```', '');
      }
      lines.push('</details>');
    }
  }
  return lines.join('\n');
}

const results: SizeResult[] = [];
for (const size of sizes) results.push(await runSize(size));
const text = report(results);
const name = process.env.DATABASE_URL ? 'server-postgres' : 'server-pglite';
console.log(`\nwritten to ${writeResults(name, text)}`);
