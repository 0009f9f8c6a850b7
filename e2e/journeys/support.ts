import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/**
 * Playwright's `test`, run with the server's Content-Security-Policy watched: whatever the browser
 * refuses under it (a script, style, image, frame or connection) fails the journey, even when the
 * page still looks right. Chromium reports each refusal on the console, or as an error when code
 * was refused.
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
  const axe = new AxeBuilder({ page });
  const results = await (within ? axe.include(within) : axe).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/**
 * The page as a phone and a desktop show it, kept with the test's results. A long page is taken as
 * its first screen: a full-page capture would draw the sticky header and the toast mid-page.
 */
export async function screenshots(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage });
  }
}
