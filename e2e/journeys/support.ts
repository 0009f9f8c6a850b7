import AxeBuilder from '@axe-core/playwright';
import { test as base, errors, expect, type Page, type TestInfo } from '@playwright/test';

/**
 * Playwright's `test`, run with the server's Content-Security-Policy watched: whatever the browser
 * refuses under it (a script, style, image, frame or connection) fails the journey, even when the
 * page still looks right. Chromium reports most refusals on the console, or as an error when code
 * was refused; a refused `eval` or `new Function` that the page catches shows only as the document's
 * `securitypolicyviolation` event (and in DevTools' Issues), which is written to the console here.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      const record = (text: string) => {
        if (/Content Security Policy/i.test(text)) violations.push(text);
      };
      page.on('console', (message) => record(message.text()));
      page.on('pageerror', (error) => record(error.message));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `Content Security Policy refused ${event.blockedURI} (${event.violatedDirective}) at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

/** The demo farmer the seed creates (README, demo accounts). */
export const demoFarmer = { email: 'farmer@furrow.test', password: 'green-acres-42' };

// A 16 x 12 purple PNG: small enough to live here, a real image for the server's decoder.
export const photo = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWOosOkhCTGMarAZDaUKbGEAAKNp8AHOCakSAAAAAElFTkSuQmCC',
  'base64',
);

/** Fills and sends the sign-in form of the page already open. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function expectToast(page: Page, text: string) {
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');
  await expect(toasts.first()).toContainText(text);
}

/** axe over the whole page, or over its main landmark only. */
export async function expectNoAxeViolations(page: Page, within?: 'main') {
  // A toast fading out or a dialog fading in has its colours halfway, which axe reads as too little
  // contrast: wait for every animation that ends (a spinner's never does).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const axe = new AxeBuilder({ page });
  const results = await (within ? axe.include(within) : axe).analyze();
  // Each violation names the elements it found, so a failure says where to look.
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('; ')})`,
  );
  expect(found).toEqual([]);
}

/** The longest a screenshot waits for its pictures: a broken one must not hold the journey. */
const PICTURES_WAIT_MS = 5_000;

/**
 * Waits until what a screenshot takes in is complete: every photo in it has loaded and no product
 * drawing in it is still on its way (`data-drawing`, set by the product photo and `CategoryArt`).
 * A screenshot of the viewport leaves the lazy photos below it to load later; one of the whole page
 * takes them in, so the page is first scrolled through, as a reader would, for them to load. After
 * `PICTURES_WAIT_MS` the screenshot is taken anyway, with a note in the report.
 */
export async function waitForPictures(
  page: Page,
  testInfo: TestInfo,
  shot: string,
  wholePage = false,
) {
  if (wholePage) {
    await page.evaluate(async () => {
      const frame = () => new Promise((next) => requestAnimationFrame(next));
      const { scrollX, scrollY } = window;
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(scrollX, y);
        // Lazy loading sees the new position in the frame that follows.
        await frame();
        await frame();
      }
      window.scrollTo(scrollX, scrollY);
    });
  }
  // Run in the page: what is still missing, or (to wait on) whether nothing is.
  const missing = ({ whole, list }: { whole: boolean; list: boolean }) => {
    const taken = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      if (whole) return true;
      return (
        box.bottom > 0 &&
        box.right > 0 &&
        box.top < window.innerHeight &&
        box.left < window.innerWidth
      );
    };
    const photos = [...document.images]
      .filter((img) => taken(img) && !(img.complete && img.naturalWidth > 0))
      .map((img) => `photo ${img.currentSrc || img.src || '(no source)'}`);
    const drawings = [...document.querySelectorAll('[data-drawing="loading"]')]
      .filter(taken)
      .map(
        (frame) => `drawing ${frame.querySelector('image')?.getAttribute('href') ?? '(not yet)'}`,
      );
    const all = [...photos, ...drawings];
    return list ? all : all.length === 0;
  };
  try {
    await page.waitForFunction(
      missing,
      { whole: wholePage, list: false },
      {
        timeout: PICTURES_WAIT_MS,
        polling: 'raf',
      },
    );
    // A picture that has arrived is painted by the next frame.
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(painted)));
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    const still = await page.evaluate(missing, { whole: wholePage, list: true });
    testInfo.annotations.push({
      type: 'screenshot',
      description: `${shot}: still loading after ${PICTURES_WAIT_MS} ms: ${String(still)}`,
    });
  }
}

/**
 * The page as a phone and a desktop show it, kept with the test's results, once its pictures have
 * arrived. A long page is taken as its first screen: a full-page capture would draw the sticky
 * header and the toast mid-page.
 */
export async function screenshots(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await waitForPictures(page, testInfo, `${name}-${width}`, fullPage);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage });
  }
}
