// Lighthouse on the pages a shopper and a farmer open first, mobile and desktop, with the system
// Chromium (CHROMIUM_PATH, /usr/bin/chromium by default). Signed-in pages and the chosen location
// are set up in the browser's local storage first, as the app keeps them there, and Lighthouse is
// told not to clear it.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
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

export async function runLighthouse(
  base: string,
  pages: LighthousePage[],
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath ?? '/usr/bin/chromium',
    chromeFlags: chromiumArgs,
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        // On a busy machine Lighthouse now and then loses the page load's trace (NO_NAVSTART) and
        // scores nothing; the page is then measured again, up to twice more.
        let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'] | undefined;
        for (let attempt = 0; attempt < 3 && (!lhr || lhr.runtimeError); attempt++) {
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
          lhr = result?.lhr;
        }
        if (!lhr) continue;
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const accessibilityAudits = lhr.categories.accessibility?.auditRefs ?? [];
        rows.push({
          page: page.name,
          formFactor,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          failures: accessibilityAudits
            .map((ref) => lhr.audits[ref.id])
            .filter((found) => found && found.score !== null && found.score < 1)
            .map((found) => found?.title ?? ''),
          error: lhr.runtimeError?.message,
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
