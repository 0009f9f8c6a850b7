// `npm run bench:web`: what the web app costs a first visit. The JavaScript and CSS each screen
// needs (gzip and brotli), and the bytes that go over the wire for a shopper's first visit to the
// landing page: the page, what it loads before the first screen, and the API calls it makes.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { type LighthousePage, type LighthouseRow, runLighthouse } from './lighthouse';
import { machineReport, writeResults } from './report';
import { startServer, waitUntilIdle } from './server';

const dist = process.env.WEB_DIST || new URL('../apps/web/dist', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 3200);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(files: Iterable<string>): Size {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const content = readFileSync(join(dist, file));
    total.raw += content.length;
    total.gzip += gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
    const br = join(dist, `${file}.br`);
    total.brotli += existsSync(br) ? readFileSync(br).length : content.length;
  }
  return total;
}

/**
 * What the landing page makes the browser load before the app has drawn it: the entry and its
 * preloads (and the check of its prerendered page). The server sends `/` the page the build drew
 * ahead (`pages/index.html`) when there is one, else the bare app.
 */
function firstLoadFiles(): string[] {
  const landing = join(dist, 'pages', 'index.html');
  const html = readFileSync(existsSync(landing) ? landing : join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] as string,
  );
}

/** Each screen's own JavaScript and CSS: its chunk and what it imports beyond the first load. */
function screenBundles(firstLoad: Set<string>): { screen: string; js: Size; css: Size }[] {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const rows = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.src?.includes('app/routes/')) continue;
    const files = new Set<string>();
    const visit = (name: string) => {
      const entry = manifest[name];
      if (!entry || firstLoad.has(entry.file) || files.has(entry.file)) return;
      files.add(entry.file);
      for (const css of entry.css ?? []) if (!firstLoad.has(css)) files.add(css);
      for (const imported of entry.imports ?? []) visit(imported);
    };
    visit(key);
    const all = [...files];
    rows.push({
      screen: (chunk.src.split('/').pop() ?? key).replace(/\.tsx$/, ''),
      js: sizeOf(all.filter((file) => file.endsWith('.js'))),
      css: sizeOf(all.filter((file) => file.endsWith('.css'))),
    });
  }
  return rows.sort((a, b) => a.screen.localeCompare(b.screen));
}

/** Bytes of one answer as they come over the wire (headers and body, not decompressed). */
function wireBytes(url: string, acceptEncoding: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding
      ? { 'accept-encoding': acceptEncoding }
      : {};
    const req = request(url, { headers }, (response) => {
      let bytes = 0;
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        bytes += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
      }
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(bytes)
          : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The pages Lighthouse measures, on the demo data: a farm and a product near the default location. */
async function lighthousePages(base: string): Promise<LighthousePage[]> {
  // biome-ignore lint/suspicious/noExplicitAny: the demo data's answers, read for two ids and a token
  const json = async (path: string, init?: RequestInit): Promise<any> => {
    const response = await fetch(base + path, init);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return response.json();
  };
  const { shops } = await json(`/api/farms/featured?${near}&limit=1`);
  const { products } = await json(`/api/products?${near}&limit=1&offset=0`);
  const signedIn = await json('/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'farmer@furrow.test', password: 'green-acres-42' }),
  });
  const location = JSON.stringify({ lat: 45.5152, lng: -122.6784, label: 'Portland, OR' });
  return [
    { name: '/', path: '/', storage: {} },
    {
      name: '/welcome with a location',
      path: '/welcome',
      storage: { 'furrow.location': location },
    },
    { name: 'farm page', path: `/farms/${shops[0].id}`, storage: {} },
    { name: 'product page', path: `/products/${products[0].id}`, storage: {} },
    {
      name: 'farmer dashboard',
      path: '/farmers/dashboard',
      storage: { 'furrow.token': signedIn.token, 'furrow.user': JSON.stringify(signedIn.user) },
    },
  ];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const firstLoad = firstLoadFiles();
const firstLoadSet = new Set(firstLoad);
const firstJs = sizeOf(firstLoad.filter((file) => file.endsWith('.js')));
const firstCss = sizeOf(firstLoad.filter((file) => file.endsWith('.css')));
const screens = screenBundles(firstLoadSet);

// The landing page's first visit at the default location (Portland, OR) on the demo data.
const dataDir = mkdtempSync(join(tmpdir(), 'furrow-bench-web-'));
const server = await startServer({ port, dataDir, env: { WEB_DIST: dist } });
// A first start on an empty folder draws the demo's pictures in the background; Lighthouse's
// blocking time multiplies whatever the page's main thread waits for while they are drawn.
await waitUntilIdle(server.process.pid);
const near = 'lat=45.5152&long=-122.6784';
const visit = [
  '/',
  ...firstLoad.map((file) => `/${file}`),
  `/api/products?${near}&limit=24&offset=0`,
  `/api/farms/featured?${near}&limit=6`,
  `/api/events?${near}&limit=6`,
];
const wire: Record<string, number> = {};
let lighthouseRows: LighthouseRow[] = [];
let lighthouseError = '';
try {
  for (const [label, encoding] of [
    ['uncompressed', undefined],
    ['gzip', 'gzip'],
    ['brotli', 'gzip, deflate, br'],
  ] as const) {
    let total = 0;
    for (const path of visit) total += await wireBytes(server.base + path, encoding);
    wire[label] = total;
  }
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    try {
      // `BENCH_LIGHTHOUSE_PAGES`: only the pages whose name starts with one in this comma-separated
      // list (e.g. `farm page`), to measure one change quickly.
      const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
      const pages = (await lighthousePages(server.base)).filter(
        (page) => !only || only.some((prefix) => page.name.startsWith(prefix)),
      );
      lighthouseRows = await runLighthouse(server.base, pages, lighthouseRuns);
    } catch (error) {
      lighthouseError = error instanceof Error ? error.message : String(error);
    }
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const lines = [
  '# Web app: first visit',
  '',
  machineReport(),
  '',
  `Build: \`${dist}\``,
  '',
  '## Before the first screen (the landing page and what it loads)',
  '',
  '| | raw | gzip | brotli |',
  '|---|---:|---:|---:|',
  `| JavaScript (${firstLoad.filter((file) => file.endsWith('.js')).length} files) | ${kb(firstJs.raw)} | ${kb(firstJs.gzip)} | ${kb(firstJs.brotli)} |`,
  `| CSS | ${kb(firstCss.raw)} | ${kb(firstCss.gzip)} | ${kb(firstCss.brotli)} |`,
  '',
  '## A first visit to `/` over the wire (headers and bodies)',
  '',
  `The page, its scripts and styles, and the landing page's API calls (${visit.length} requests).`,
  '',
  '| client accepts | bytes |',
  '|---|---:|',
  ...Object.entries(wire).map(([label, bytes]) => `| ${label} | ${kb(bytes)} |`),
];
if (screens.length > 0) {
  lines.push(
    '',
    '## Each screen, fetched when first shown (beyond the first load)',
    '',
    '| screen | JS gzip | JS brotli | CSS gzip |',
    '|---|---:|---:|---:|',
    ...screens.map(
      (row) =>
        `| ${row.screen} | ${kb(row.js.gzip)} | ${kb(row.js.brotli)} | ${kb(row.css.gzip)} |`,
    ),
  );
}
lines.push('', '## Lighthouse (system Chromium, headless; simulated throttling)', '');
if (lighthouseRows.length > 0) {
  lines.push(
    `The median of ${lighthouseRuns} runs of each page (Lighthouse CI's \`computeMedianRun\`: the run`,
    "nearest the median first paint and time to interactive), with every run's performance score.",
    '',
    '| page | form factor | performance | runs | accessibility | best practices | LCP ms | TBT ms | CLS |',
    '|---|---|---:|---|---:|---:|---:|---:|---:|',
    ...lighthouseRows.map(
      (row) =>
        `| ${row.page} | ${row.formFactor} | ${row.performance} | ${row.performanceRuns.join(', ')} | ${row.accessibility} | ${row.bestPractices} | ${row.lcpMs.toFixed(0)} | ${row.tbtMs.toFixed(0)} | ${row.cls.toFixed(3)} |`,
    ),
  );
  const failures = lighthouseRows.filter((row) => row.failures.length > 0 || row.error);
  for (const row of failures) {
    lines.push(
      '',
      `${row.page}, ${row.formFactor}: ${[...row.failures, row.error].filter(Boolean).join('; ')}`,
    );
  }
} else {
  lines.push(
    lighthouseError
      ? `Lighthouse could not run: ${lighthouseError}`
      : 'Not run (BENCH_LIGHTHOUSE=0).',
  );
}
const text = lines.join('\n');
console.log(text);
console.log(`\nwritten to ${writeResults('web', text)}`);
