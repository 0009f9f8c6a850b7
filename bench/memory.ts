// `npm run bench:memory` (and the end of `npm run bench`): whether the built server on the embedded
// database with the demo data idles under 200 MB and does not grow. It reads the idle RSS after a
// restart, drives a mixed load of shoppers, a signed-in customer and sign-ins for
// BENCH_SOAK_MINUTES (default 10), then leaves the server alone for BENCH_QUIET_MINUTES (default 2).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { categorySlugs } from '@furrow/domain/categories';
import autocannon, { type Request } from 'autocannon';
import { machineReport, writeResults } from './report';
import { rssBytes, startServer, waitUntilIdle } from './server';

// The embedded database, whatever this shell points at.
delete process.env.DATABASE_URL;

const port = Number(process.env.BENCH_PORT ?? 3200);
const soakMinutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const quietMinutes = Number(process.env.BENCH_QUIET_MINUTES ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Requests a second across all connections: steady traffic, not a saturation test. */
const rate = Number(process.env.BENCH_SOAK_RATE ?? 100);
/** The goal: idle under this, on the embedded database with the demo data. */
const IDLE_GOAL_MB = 200;
/** Growth within this share of the early reading is noise: young generation and arenas move. */
const GROWTH_TOLERANCE = 0.05;
/** How long after the restart's first answer the idle memory is read. */
const IDLE_WAIT_MS = 15_000;
const SAMPLE_MS = 5_000;
const SIGN_IN_EVERY_MS = 15_000;

const MB = 2 ** 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mean = (values: number[]) =>
  values.reduce((total, value) => total + value, 0) / Math.max(1, values.length);
const pickFrom = <T>(items: readonly T[]): T =>
  items[Math.floor(Math.random() * items.length)] as T;

// Around Portland, OR: the demo data's farms, and the landing page's default location.
const near = () =>
  `lat=${(45.5152 + (Math.random() - 0.5) * 0.4).toFixed(4)}&long=${(-122.6784 + (Math.random() - 0.5) * 0.4).toFixed(4)}`;
const searches = ['tomato', 'honey', 'eggs', 'apple', 'basil', 'sourdough', 'carrot', 'peach'];
const customer = { email: 'customer@furrow.test', password: 'fresh-carrots-42' };

async function signIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/login`, {
    method: 'POST',
    // A new address each time: the sign-in limits count per address, and this is many visitors.
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
    },
    body: JSON.stringify(customer),
  });
  if (!answer.ok) throw new Error(`sign-in of the demo customer: ${answer.status}`);
  return ((await answer.json()) as { token: string }).token;
}

/** One request of the mix, drawn at random each time: what shoppers and a customer ask for. */
function mixedRequest(ids: { farms: string[]; products: string[] }, token: string): Request {
  const pages: (() => { path: string; headers?: Record<string, string> })[] = [
    () => ({ path: `/api/products?${near()}` }),
    () => ({ path: `/api/products?${near()}&categorySlug=${pickFrom(categorySlugs)}` }),
    () => ({ path: `/api/products?${near()}&q=${pickFrom(searches)}` }),
    () => ({ path: `/api/products/${pickFrom(ids.products)}?${near()}` }),
    () => ({ path: `/api/farms/${pickFrom(ids.farms)}` }),
    () => ({ path: '/api/orders', headers: { authorization: `Bearer ${token}` } }),
  ];
  return {
    method: 'GET',
    setupRequest: (request) => {
      const page = pickFrom(pages)();
      return { ...request, path: page.path, headers: { ...request.headers, ...page.headers } };
    },
  };
}

interface Sample {
  seconds: number;
  rssMb: number;
}

// Read before the run: the load average at its start, not at its end.
const machine = machineReport({
  database: 'PGlite (embedded), demo data',
  server: process.env.SERVER_MAIN || 'apps/server/dist/main.js',
  load: `${soakMinutes} min at ${rate} requests/s over ${connections} connections, then ${quietMinutes} min quiet`,
});
const dataDir = mkdtempSync(join(tmpdir(), 'furrow-bench-memory-'));
let idleMb = 0;
let endOfLoadMb = 0;
let afterQuietMb = 0;
let requests = 0;
let failures = 0;
let signIns = 0;
const samples: Sample[] = [];
try {
  // The first start creates the database, loads the demo data and draws its pictures; the restart
  // is the server as an operator runs it every day.
  const first = await startServer({ port, dataDir, env: { TRUST_PROXY: '127.0.0.1' } });
  await waitUntilIdle(first.process.pid, 180_000);
  await first.stop();
  const server = await startServer({ port, dataDir, env: { TRUST_PROXY: '127.0.0.1' } });
  try {
    const pid = server.process.pid;
    await sleep(IDLE_WAIT_MS);
    idleMb = rssBytes(pid) / MB;
    console.log(`idle: ${idleMb.toFixed(0)} MB`);

    const listed = (await (
      await fetch(`${server.base}/api/products?${near()}&limit=200`)
    ).json()) as {
      products: { id: string; farmId: string }[];
    };
    const ids = {
      products: listed.products.map((product) => product.id),
      farms: [...new Set(listed.products.map((product) => product.farmId))],
    };
    const token = await signIn(server.base);

    const started = performance.now();
    const sampler = setInterval(() => {
      const seconds = (performance.now() - started) / 1000;
      samples.push({ seconds, rssMb: rssBytes(pid) / MB });
    }, SAMPLE_MS);
    const signer = setInterval(() => {
      signIn(server.base).then(
        () => signIns++,
        () => failures++,
      );
    }, SIGN_IN_EVERY_MS);
    const result = await autocannon({
      url: server.base,
      connections,
      overallRate: rate,
      duration: soakMinutes * 60,
      requests: [mixedRequest(ids, token)],
    });
    clearInterval(sampler);
    clearInterval(signer);
    endOfLoadMb = rssBytes(pid) / MB;
    requests = result.requests.total;
    failures += result.non2xx + result.errors;
    console.log(`end of the load: ${endOfLoadMb.toFixed(0)} MB`);
    await sleep(quietMinutes * 60_000);
    afterQuietMb = rssBytes(pid) / MB;
    console.log(`after ${quietMinutes} quiet minutes: ${afterQuietMb.toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

// Early: the soak's second tenth, once the server has grown to its working set (caches, the young
// generation, malloc's arenas). Late: its last tenth. A leak shows as late above early; the one
// step from idle to the working set does not, and is reported on its own.
const soakSeconds = soakMinutes * 60;
const window = (from: number, to: number) =>
  mean(
    samples
      .filter((sample) => sample.seconds >= from * soakSeconds && sample.seconds < to * soakSeconds)
      .map((sample) => sample.rssMb),
  );
const earlyMb = window(0.1, 0.2);
const lateMb = window(0.9, 1.01);
const growthMb = lateMb - earlyMb;
const tolerance = earlyMb * GROWTH_TOLERANCE;
const idleMet = idleMb < IDLE_GOAL_MB;
const noGrowth = growthMb <= tolerance && afterQuietMb <= endOfLoadMb + tolerance;
const round = (mb: number) => mb.toFixed(0);
const minuteRows = Array.from({ length: soakMinutes }, (_, minute) => {
  const inMinute = samples.filter(
    (sample) => sample.seconds >= minute * 60 && sample.seconds < (minute + 1) * 60,
  );
  const values = inMinute.map((sample) => sample.rssMb);
  return `| ${minute + 1} | ${round(Math.min(...values))} | ${round(mean(values))} | ${round(Math.max(...values))} |`;
});

const lines = [
  '# Server memory over a mixed load (embedded database, demo data)',
  '',
  machine,
  '',
  'The mix, one request drawn at random each time: browse near Portland (a new point each time),',
  "browse with a category, text search, a product page, a farm page and the demo customer's",
  `orders; and a sign-in every ${SIGN_IN_EVERY_MS / 1000} s from a new address. RSS from /proc, every ${SAMPLE_MS / 1000} s.`,
  '',
  '| reading | RSS MB |',
  '|---|---:|',
  `| idle, ${IDLE_WAIT_MS / 1000} s after a restart answered | **${round(idleMb)}** |`,
  `| under load, early (mean over the soak's second tenth) | ${round(earlyMb)} |`,
  `| under load, late (mean over its last tenth) | ${round(lateMb)} |`,
  `| end of the load | ${round(endOfLoadMb)} |`,
  `| after ${quietMinutes} quiet minutes | **${round(afterQuietMb)}** |`,
  '',
  `Requests: ${requests} answered, ${failures} failed; ${signIns} sign-ins.`,
  '',
  `Growth under load (late − early): ${growthMb.toFixed(1)} MB (tolerance ${round(tolerance)} MB, ${GROWTH_TOLERANCE * 100}% of early).`,
  `After the quiet minutes against idle: ${(afterQuietMb - idleMb).toFixed(0)} MB more: the working set the`,
  "load made (caches, the young generation, the C library's arenas), which a shorter load reaches too (the early reading).",
  '',
  `Verdict: idle ${idleMet ? 'under' : '**over**'} ${IDLE_GOAL_MB} MB; ${noGrowth ? 'no growth' : '**grows**'} over the load and the quiet after it.`,
  '',
  '| minute of load | min RSS MB | mean | max |',
  '|---:|---:|---:|---:|',
  ...minuteRows,
];
const text = lines.join('\n');
console.log(text);
console.log(`\nwritten to ${writeResults('memory', text)}`);
