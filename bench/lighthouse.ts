// Lighthouse on the pages a shopper and a farmer open first, mobile and desktop, with the system
// Chromium (CHROMIUM_PATH, /usr/bin/chromium by default). Signed-in pages and the chosen location
// are set up in the browser's local storage first, as the app keeps them there, and Lighthouse is
// told not to clear it. Each page is measured several times and the median run reported, chosen
// as Lighthouse CI chooses it (`computeMedianRun`): on this machine one run's score moves by 5 to
// 15 from the next.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';

export interface LighthousePage {
  name: string;
  path: string;
  /** Local storage to set on the site before the page is measured ('' keys are removed). */
  storage: Record<string, string>;
}

export interface LighthouseRow {
  page: string;
  formFactor: 'mobile' | 'desktop';
  performance: number;
  /** The performance score of every run, the median run's among them. */
  performanceRuns: number[];
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Accessibility audits that failed, by title. */
  failures: string[];
  error?: string;
}

/** Sets the page's local storage on the site by loading it once with a small script. */
async function setStorage(port: number, base: string, storage: Record<string, string>) {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/404-storage-setup`, { waitUntil: 'domcontentloaded' });
    await page.evaluate((entries: [string, string][]) => {
      localStorage.clear();
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(storage));
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const unmeasured = {
  performance: Number.NaN,
  performanceRuns: [],
  accessibility: Number.NaN,
  bestPractices: Number.NaN,
  lcpMs: Number.NaN,
  tbtMs: Number.NaN,
  cls: Number.NaN,
  failures: [],
};

export async function runLighthouse(
  base: string,
  pages: LighthousePage[],
  runs: number,
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath ?? '/usr/bin/chromium',
    chromeFlags: chromiumArgs,
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        const results: Result[] = [];
        let failure = 'no run was scored';
        // On a busy machine Lighthouse now and then loses the page load's trace (NO_NAVSTART) and
        // scores nothing; the page is then measured again, up to twice more for each run.
        for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
          await setStorage(chrome.port, base, page.storage);
          const result = await lighthouse(
            base + page.path,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              disableStorageReset: true,
              onlyCategories: ['performance', 'accessibility', 'best-practices'],
            },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          if (result?.lhr && !result.lhr.runtimeError) results.push(result.lhr);
          else failure = result?.lhr.runtimeError?.message ?? 'no result';
        }
        const valid: Result[] = filterToValidRuns(results);
        if (valid.length === 0) {
          rows.push({ ...unmeasured, page: page.name, formFactor, error: failure });
          continue;
        }
        const lhr: Result = computeMedianRun(valid);
        const scoreOf = (run: Result, id: string) =>
          Math.round((run.categories[id]?.score ?? 0) * 100);
        const score = (id: string) => scoreOf(lhr, id);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const accessibilityAudits = lhr.categories.accessibility?.auditRefs ?? [];
        rows.push({
          page: page.name,
          formFactor,
          performance: score('performance'),
          performanceRuns: valid.map((run) => scoreOf(run, 'performance')),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          failures: accessibilityAudits
            .map((ref) => lhr.audits[ref.id])
            .filter((found) => found && found.score !== null && found.score < 1)
            .map((found) => found?.title ?? ''),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
