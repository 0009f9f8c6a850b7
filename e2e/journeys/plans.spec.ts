import { expect } from '@playwright/test';
import { newFarmerWithFarm } from './new-farmer';
import { expectNoAxeViolations, expectToast, screenshots, signIn, test } from './support';

test('a farmer picks Basic, annual, pays in the sandbox checkout and sees the trial; a declined card starts nothing', async ({
  page,
  request,
}, testInfo) => {
  const email = `planner-${Date.now()}@journeys.furrow.test`;
  const password = 'seed-money-2026';
  const token = await newFarmerWithFarm(request, email, password);
  const currentPlan = async () => {
    const answer = await request.get('/api/subscriptions/current', {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await answer.json()).subscription;
  };

  await page.goto('/auth/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  await expect(
    page.getByRole('heading', { name: 'Choose a plan to publish products' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'See the plans' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  const basic = page.getByRole('article', { name: 'Basic' });
  await expect(basic.getByText('Recommended')).toBeVisible();
  await expect(basic.getByText('$9.99')).toBeVisible();
  await page.getByText('Annual', { exact: true }).click();
  await expect(basic.getByText('$90.00')).toBeVisible();
  await expect(basic.getByText('Save $29.88 a year (25%)')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'plans');

  await basic.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Furrow Basic' })).toBeVisible();

  // The declined card: the page says so and no plan starts.
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Mae Planner');
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  expect(await currentPlan()).toBeNull();

  // The good card: back on the dashboard with the trial and its end date.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  await expectToast(page, 'Payment details saved');
  await expect(page).not.toHaveURL(/checkout=success/);

  const plan = await currentPlan();
  expect(plan).toMatchObject({ planId: 'basic', billingCycle: 'annual', status: 'trial' });
  const trialEnd = new Date(plan.trialEndsAt);
  const days = (trialEnd.getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(13.9);
  expect(days).toBeLessThanOrEqual(14);
  const endText = trialEnd.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  await expect(page.getByRole('heading', { name: 'Basic plan, annual' })).toBeVisible();
  await expect(page.getByText(`Trial ends ${endText} (14 days left)`)).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'plans-dashboard-trial', false);

  // Holding a plan, the plans page marks it and offers no second start.
  await page.goto('/farmers/plans');
  await expect(page.getByRole('article', { name: 'Basic' }).getByText('Your plan')).toBeVisible();
  await expect(page.getByRole('button', { name: /free trial|Pay by card/ })).toHaveCount(0);
});

test('a new farmer is told to choose a plan when adding a product, starts the free trial, then adds it', async ({
  page,
  request,
}, testInfo) => {
  const email = `trialist-${Date.now()}@journeys.furrow.test`;
  const password = 'first-sprout-2026';
  await newFarmerWithFarm(request, email, password);

  await page.goto('/auth/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  const products = page.getByRole('region', { name: 'Products at Fern Gully Farm' });
  await products.getByRole('button', { name: 'Add your first product' }).click();
  const productDialog = page.getByRole('dialog', { name: 'Add a product' });
  await productDialog.getByLabel('Name').fill('Sugar snap peas');
  await productDialog.getByLabel('Price (USD)').fill('4.25');
  await productDialog.getByLabel('In stock').fill('8');
  await productDialog.getByRole('button', { name: 'Add product' }).click();
  await expect(productDialog.getByRole('alert')).toContainText(
    'Choose a plan to publish products. Every plan starts with a 14-day free trial.',
  );
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'plans-product-refused', false);
  await productDialog.getByRole('link', { name: 'See the plans' }).click();

  await page
    .getByRole('article', { name: 'Starter' })
    .getByRole('button', {
      name: 'Start 14-day free trial',
    })
    .click();
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  await expectToast(page, 'Your free trial has started');
  await expect(page.getByRole('heading', { name: 'Starter plan, monthly' })).toBeVisible();
  await expect(page.getByText(/Trial ends .+ \(14 days left\)/)).toBeVisible();

  await products.getByRole('button', { name: 'Add your first product' }).click();
  await productDialog.getByLabel('Name').fill('Sugar snap peas');
  await productDialog.getByLabel('Price (USD)').fill('4.25');
  await productDialog.getByLabel('In stock').fill('8');
  await productDialog.getByRole('button', { name: 'Add product' }).click();
  await expect(productDialog).toBeHidden();
  await expectToast(page, 'Product added');
  await expect(products.getByRole('row', { name: /Sugar snap peas/ })).toBeVisible();
});
