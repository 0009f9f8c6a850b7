// The first screen of a page as a shopper's browser gets it: the system Chromium (CHROMIUM_PATH,
// /usr/bin/chromium by default) opens the page in a fresh profile, and the time from the start of
// navigation to the first product card on screen is read in the page itself, with the largest
// contentful paint and the layout shift the page made while it loaded.
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';

export interface FirstScreenRow {
  viewport: string;
  /** Navigation start to the first product card painted, each run, in ms. */
  cardMs: number[];
  /**
   * The same, timed by the page itself: two frames after the card entered the document. `cardMs`
   * also holds the time this process takes to see the card (Playwright asks the page every few
   * frames) and to ask for the frames: 36 to 675 ms, median 165, in 128 runs on this busy machine.
   */
  inPageCardMs: number[];
  /** Largest contentful paint of each run, in ms. */
  lcpMs: number[];
  /** Cumulative layout shift of each run, until the page had been still for a second. */
  cls: number[];
  /** Bytes of the farm page's API answer (`GET /api/farms/{id}`), uncompressed. */
  answerBytes: number;
  error?: string;
}

const viewports = [
  { name: 'phone 390×844', width: 390, height: 844 },
  { name: 'desktop 1280×800', width: 1280, height: 800 },
];

/** A product card: an article with a link to its product page. */
const CARD = 'main article:has(a[href^="/products/"])';

// Runs in the page before its own scripts (as text: this package is typed for Node, not the DOM):
// keeps the largest contentful paint, the layout shifts that no input caused, and the time two
// frames after the first product card entered the document.
const OBSERVE = `
  const seen = { lcp: 0, cls: 0, card: 0 };
  window.__firstScreen = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) seen.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const cards = new MutationObserver(() => {
    if (!document.querySelector('${CARD}')) return;
    cards.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => { seen.card = performance.now(); }));
  });
  cards.observe(document, { childList: true, subtree: true });
`;

/** Two frames after it runs, what is on screen has been painted: the time then, since navigation. */
const PAINTED_AT =
  'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))))';

export const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Opens `url` `runs` times per viewport, each in a new browser context (a cold cache). */
export async function measureFirstScreen(url: string, runs = 5): Promise<FirstScreenRow[]> {
  if (!chromiumPath) throw new Error('no Chromium found: set CHROMIUM_PATH');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const rows: FirstScreenRow[] = [];
  try {
    for (const viewport of viewports) {
      const row: FirstScreenRow = {
        viewport: viewport.name,
        cardMs: [],
        inPageCardMs: [],
        lcpMs: [],
        cls: [],
        answerBytes: 0,
      };
      try {
        for (let run = 0; run < runs; run++) {
          const context = await browser.newContext({
            viewport: { width: viewport.width, height: viewport.height },
          });
          const page = await context.newPage();
          await page.addInitScript({ content: OBSERVE });
          page.on('response', async (response) => {
            if (/\/api\/farms\/[^/?]+$/.test(new URL(response.url()).pathname)) {
              row.answerBytes = (await response.body()).length;
            }
          });
          await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
          await page.locator(CARD).first().waitFor({ state: 'visible', timeout: 120_000 });
          const cardMs = (await page.evaluate(PAINTED_AT)) as number;
          await page.waitForLoadState('networkidle', { timeout: 120_000 });
          await page.waitForTimeout(1_000);
          const seen = (await page.evaluate('window.__firstScreen')) as {
            lcp: number;
            cls: number;
            card: number;
          };
          row.cardMs.push(Math.round(cardMs));
          row.inPageCardMs.push(Math.round(seen.card));
          row.lcpMs.push(Math.round(seen.lcp));
          row.cls.push(Math.round(seen.cls * 1000) / 1000);
          await context.close();
        }
      } catch (error) {
        row.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
      }
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The rows as a Markdown table. */
export function firstScreenTable(rows: FirstScreenRow[]): string[] {
  return [
    '| viewport | first card painted, median (ms) | each run (ms) | timed in the page, median (ms) | LCP median (ms) | CLS (max) | farm answer (bytes, uncompressed) |',
    '|---|---:|---|---:|---:|---:|---:|',
    ...rows.map((row) =>
      row.error
        ? `| ${row.viewport} | failed: ${row.error} | | | | | |`
        : `| ${row.viewport} | ${median(row.cardMs)} | ${row.cardMs.join(', ')} | ${median(row.inPageCardMs)} | ${median(row.lcpMs)} | ${Math.max(...row.cls)} | ${row.answerBytes.toLocaleString('en-US')} |`,
    ),
  ];
}
