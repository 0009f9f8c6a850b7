import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectToast, screenshots, signIn, test } from './support';

/** The demo admin the seed creates (README, demo accounts). */
const demoAdmin = { email: 'admin@furrow.test', password: 'barn-owl-admin-42' };
// A featured demo farm near Portland that sells fruit.
const farmName = 'Willamette Berry Patch';

/** What a shopper in Portland sees: the featured farms and the fruit for sale nearby. */
async function shopperSeesFarm(shopper: Page): Promise<{ featured: boolean; inResults: boolean }> {
  await shopper.goto('/');
  await shopper.getByRole('button', { name: 'Fruit', exact: true }).click();
  // Fruit for sale, or the empty state: Willamette Berry Patch is the only fruit farm nearby.
  await expect(
    shopper
      .getByRole('article')
      .first()
      .or(shopper.getByRole('heading', { name: /^No fruit near/ })),
  ).toBeVisible();
  const featured = shopper.getByRole('region', { name: 'Featured farms' });
  await expect(featured).toBeVisible();
  return {
    featured: (await featured.getByText(farmName).count()) > 0,
    inResults: (await shopper.getByRole('article').filter({ hasText: farmName }).count()) > 0,
  };
}

test('the admin finds a farm and suspends it with a reason; it vanishes for shoppers and comes back when reinstated', async ({
  page,
  browser,
}, testInfo) => {
  // Two people, three visits to the shop, the billing figures and the plan filter: a long journey.
  test.slow();
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  expect(await shopperSeesFarm(shopper)).toEqual({ featured: true, inResults: true });

  // The admin sign-in option on the real sign-in page; an admin lands on /admin.
  await page.goto('/auth/login');
  await page.getByText('Administrator sign-in').click();
  await page.getByLabel('Sign in as an administrator').check();
  await signIn(page, demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Farm management' })).toBeVisible();
  await expect(page.getByRole('figure').filter({ hasText: 'Orders' })).toBeVisible();
  // Billing at a glance: the monthly recurring revenue of the demo's paying plans, and each plan.
  const mrr = page.getByRole('heading', { name: 'Monthly recurring revenue' }).locator('..');
  await expect(mrr).toContainText(/\$[1-9][\d,]*\.\d\d/);
  await expect(mrr).toContainText(/1 trial would add \$/);
  const byPlan = page.getByRole('figure').filter({ hasText: 'Subscriptions by plan' });
  for (const plan of ['Starter', 'Basic', 'Professional']) {
    await expect(byPlan.getByText(plan, { exact: true })).toBeVisible();
  }
  await screenshots(page, testInfo, 'admin');

  const farms = page.getByRole('region', { name: 'Farms' });
  // Each farm's plan and its status; the plan filter keeps the farms of one plan.
  await farms.getByLabel('Search farms').fill('round rock');
  await farms.getByLabel('Plan').selectOption('basic');
  const honey = farms.getByRole('row').filter({ hasText: 'Round Rock Honey' });
  await expect(
    honey.getByText('Cancelled', { exact: true }).filter({ visible: true }),
  ).toBeVisible();
  await farms.getByLabel('Plan').selectOption('pro');
  await expect(farms.getByText('No farm matches')).toBeVisible();
  await farms.getByLabel('Plan').selectOption('');
  await farms.getByLabel('Search farms').fill('hood river');
  const orchard = farms.getByRole('row').filter({ hasText: 'Hood River Orchards' });
  await expect(orchard.getByText('Trial', { exact: true }).filter({ visible: true })).toBeVisible();

  await farms.getByLabel('Search farms').fill('berry');
  const row = farms.getByRole('row').filter({ hasText: farmName });
  await expect(row).toBeVisible();
  await expect(farms.getByRole('row')).toHaveCount(2); // the header and the one farm
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: `Suspend ${farmName}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Suspend ${farmName}?` });
  await dialog.getByRole('button', { name: 'Suspend farm' }).click();
  await expect(dialog.getByText('Give the reason: the owner will read it.')).toBeVisible();
  const reason = 'Berries were sold as organic without a certificate.';
  await dialog.getByLabel('Reason').fill(reason);
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'admin-suspend', false);
  await dialog.getByRole('button', { name: 'Suspend farm' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Farm suspended');
  await expect(row.getByText('Suspended', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row.getByText(`Reason: ${reason}`)).toBeVisible();

  // The audit log has it, with who and why.
  const audit = page.getByRole('region', { name: 'Audit log' });
  await expect(audit.getByText(`Reason: ${reason}`)).toBeVisible();

  // Gone for the shopper: from the results and the featured farms, and its page is not found.
  expect(await shopperSeesFarm(shopper)).toEqual({ featured: false, inResults: false });

  await row.getByRole('button', { name: `Reinstate ${farmName}` }).click();
  await page
    .getByRole('alertdialog', { name: `Reinstate ${farmName}?` })
    .getByRole('button', { name: 'Reinstate farm' })
    .click();
  await expectToast(page, 'Farm reinstated');
  await expect(row.getByText('Active', { exact: true }).filter({ visible: true })).toBeVisible();

  expect(await shopperSeesFarm(shopper)).toEqual({ featured: true, inResults: true });
  await screenshots(shopper, testInfo, 'landing-featured', false);
  await shopperContext.close();
});
