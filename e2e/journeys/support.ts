import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
