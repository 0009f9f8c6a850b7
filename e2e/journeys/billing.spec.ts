import { expect, type Page } from '@playwright/test';
import { newFarmerWithFarm } from './new-farmer';
import {
  demoFarmer,
  expectNoAxeViolations,
  expectToast,
  screenshots,
  signIn,
  test,
} from './support';

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Basic, annual, through the sandbox checkout with the card that pays. */
async function payBasicAnnual(page: Page) {
  await page.goto('/farmers/plans');
  await page.getByText('Annual', { exact: true }).click();
  await page
    .getByRole('article', { name: 'Basic' })
    .getByRole('button', { name: 'Pay by card' })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Mae Planner');
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
}

test('a farmer on a Basic annual trial opens billing, sees the dates, manages payment and messages, and cancels with a reason', async ({
  page,
  request,
}, testInfo) => {
  // The checkout and every part of the billing page, in one farmer's story.
  test.slow();
  const email = `biller-${Date.now()}@journeys.furrow.test`;
  const password = 'ledger-beans-2026';
  const token = await newFarmerWithFarm(request, email, password);
  const auth = { Authorization: `Bearer ${token}` };

  await page.goto('/auth/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  await payBasicAnnual(page);

  await page.getByRole('link', { name: 'Plan and billing' }).click();
  await expect(page).toHaveURL(/\/farmers\/billing/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plan and billing' })).toBeVisible();

  const plan = (await (await request.get('/api/subscriptions/current', { headers: auth })).json())
    .subscription;
  expect(plan).toMatchObject({ planId: 'basic', billingCycle: 'annual', status: 'trial' });
  const trialEnd = new Date(plan.trialEndsAt);
  const nextBilling = new Date(trialEnd.getTime() + 86_400_000);
  expect(plan.nextBillingDate).toBe(nextBilling.toISOString());

  const summary = page.getByRole('region', { name: 'Basic plan' });
  await expect(summary.getByText('Status: Trial')).toBeVisible();
  await expect(summary.getByText('Annual: $90.00 a year')).toBeVisible();
  await expect(summary.getByText('$7.50 a month')).toBeVisible();
  await expect(
    summary.getByRole('definition').filter({ hasText: longDate(trialEnd) }),
  ).toBeVisible();
  await expect(
    summary.getByRole('definition').filter({ hasText: longDate(nextBilling) }),
  ).toBeVisible();
  await expect(page.getByText('0 of 25')).toBeVisible();
  await expect(page.getByText('0 MB of 500 MB')).toBeVisible();
  await expect(page.getByText(/of 10,000$/)).toBeVisible();
  await expect(page.getByText(/^Nothing yet: the charts fill in/)).toBeVisible();
  for (const chart of ['Views', 'Orders', 'Revenue']) {
    await expect(page.getByRole('figure', { name: new RegExp(`^${chart}`) })).toBeVisible();
  }
  const history = page.getByRole('region', { name: 'Billing history' });
  await expect(history.getByText('Total spent: $0.00')).toBeVisible();
  await expect(history.getByText(/No charges yet/)).toBeVisible();

  // The card from the checkout is on file; a direct debit is added and removed again.
  const methods = page.getByRole('region', { name: 'Payment methods' });
  await expect(methods.getByText('Visa ending in 4242')).toBeVisible();
  await methods.getByLabel('Type').selectOption('direct_debit');
  await methods.getByRole('button', { name: 'Add payment method' }).click();
  await expect(methods.getByText('Enter the last 4 digits')).toBeVisible();
  await methods.getByLabel('Last 4 digits').fill('6789');
  await methods.getByRole('button', { name: 'Add payment method' }).click();
  await expectToast(page, 'Payment method added');
  await expect(methods.getByText('Direct debit ending in 6789')).toBeVisible();

  await page.getByLabel('Offers and news from Furrow').check();
  await expectToast(page, 'Preferences saved');
  await expect(page.getByLabel('Offers and news from Furrow')).toBeChecked();
  await expect(page.getByLabel('Offers and news from Furrow')).toBeEnabled();

  await expectNoAxeViolations(page);
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, testInfo, 'billing-trial');

  await methods.getByRole('button', { name: 'Remove Direct debit ending in 6789' }).click();
  await expectToast(page, 'Payment method removed');
  await expect(methods.getByText('Direct debit ending in 6789')).toHaveCount(0);

  // Cancelling asks for a reason first, then says so and shows the plan cancelled.
  await summary.getByRole('button', { name: 'Cancel plan' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel your Basic plan?' });
  await dialog.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(dialog.getByText('Tell us why you are leaving')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Why are you cancelling?').fill('Selling at the market only this year');
  await dialog.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Your plan is cancelled');
  await expect(summary.getByText('Status: Cancelled')).toBeVisible();
  await expect(summary.getByText('Selling at the market only this year')).toBeVisible();
  await expect(summary.getByText('None: the plan does not renew')).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Choose a new plan' })).toBeVisible();

  const mine = (await (await request.get('/api/subscriptions', { headers: auth })).json())
    .subscriptions;
  expect(mine[0]).toMatchObject({
    id: plan.id,
    status: 'cancelled',
    autoRenew: false,
    cancelReason: 'Selling at the market only this year',
  });
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, testInfo, 'billing-cancelled', false);
});

test('the demo farmer opens billing from the account menu: history, total spent and 30 days of trading', async ({
  page,
}, testInfo) => {
  await page.goto('/auth/login');
  await signIn(page, demoFarmer.email, demoFarmer.password);
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Plan and billing' }).click();
  await expect(page).toHaveURL(/\/farmers\/billing/);

  const summary = page.getByRole('region', { name: 'Professional plan' });
  await expect(summary.getByText('Status: Active')).toBeVisible();
  const history = page.getByRole('region', { name: 'Billing history' });
  // More than five rows; the history arrives in its own request, so the check waits for it.
  await expect(history.getByRole('row').nth(5)).toBeVisible();
  await expect(history.getByText(/Total spent: \$\d+\.\d\d/)).toBeVisible();
  await expect(history.getByText('Total spent: $0.00')).toHaveCount(0);
  // The charts carry their figures in a table for screen readers: 30 days each.
  const views = page.getByRole('table', { name: 'Views per day' });
  await expect(views.getByRole('row')).toHaveCount(31);
  await expect(page.getByText(/^30 days: \$[\d,]+\.\d\d$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'billing-demo');
});
