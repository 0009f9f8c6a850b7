import { type APIRequestContext, expect } from '@playwright/test';
import { codeFrom, readMail } from './mailbox';
import { expectNoAxeViolations, expectToast, signIn, test } from './support';

const uniqueEmail = (name: string) => `${name}-${Date.now()}@journeys.furrow.test`;

/** A verified customer made through the API, for journeys that start after sign-up. */
async function verifiedCustomer(request: APIRequestContext, email: string, password: string) {
  const registered = await request.post('/api/register', {
    data: { email, password, role: 'customer', firstName: 'Rosa', lastName: 'Reset' },
  });
  expect(registered.status()).toBe(201);
  const { token } = await registered.json();
  const verified = await request.post('/api/signup_verification', {
    data: { verificationToken: token, verificationCode: await codeFrom(email) },
  });
  expect(verified.status()).toBe(200);
}

test('a farmer signs up, verifies the e-mailed code, signs in to the dashboard and signs out', async ({
  page,
}) => {
  const email = uniqueEmail('farmer');
  const password = 'heirloom-tomatoes-77';

  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expectNoAxeViolations(page, 'main');
  await page.getByText('I run a farm').click();
  await page.getByLabel('First name').fill('Wendell');
  await page.getByLabel('Last name').fill('Berry');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  // Checked as you type, with the shared rules.
  await expect(page.getByText('Use at least 8 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/auth\/otp-verify$/);
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
  await page.getByLabel('Verification code').fill(await codeFrom(email));
  await page.getByRole('button', { name: 'Verify e-mail' }).click();

  // The code signs the new farmer in: no second password entry.
  await expect(page).toHaveURL(/\/farmers\/dashboard$/);
  await expectToast(page, 'Your e-mail address is verified. You are signed in.');
  const menu = page.getByRole('button', { name: 'Account menu for Wendell Berry' });
  await expect(menu).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('furrow.token'))).toBeTruthy();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(
    await page.evaluate(() => [
      localStorage.getItem('furrow.token'),
      localStorage.getItem('furrow.user'),
      localStorage.getItem('furrow.redirect'),
    ]),
  ).toEqual([null, null, null]);
});

test('forgot password: the e-mailed link sets a new password, the old one stops working', async ({
  page,
}) => {
  const email = uniqueEmail('forgetful');
  const oldPassword = 'winter-squash-31';
  const newPassword = 'spring-radish-58';
  await verifiedCustomer(page.request, email, oldPassword);

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  const text = await readMail(email, /Reset your Furrow password/);
  const link = /https?:\/\/\S+\/auth\/reset-password\?token=\S+/.exec(text)?.[0];
  expect(link, 'a reset link in the e-mail').toBeDefined();
  await page.goto(link ?? '');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // The link works once.
  await page.goto(link ?? '');
  await page.getByLabel('New password', { exact: true }).fill('another-harvest-12');
  await page.getByLabel('Repeat the new password').fill('another-harvest-12');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  const notifications = page.getByRole('region', { name: /Notifications/ });
  await expect(notifications).toContainText('This reset link is invalid or has expired');

  await page.goto('/auth/login');
  await signIn(page, email, oldPassword);
  await expect(notifications).toContainText('Invalid e-mail or password');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('button', { name: 'Account menu for Rosa Reset' })).toBeVisible();
});

test('a guest sent to sign in comes back, and changing the password signs out everywhere', async ({
  page,
}) => {
  const email = uniqueEmail('settled');
  const password = 'sweet-corn-rows-19';
  await verifiedCustomer(page.request, email, password);

  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('furrow.redirect'))).toBe('/account');

  // The admin option refuses anyone who is not an admin.
  await page.getByText('Administrator sign-in').click();
  await page.getByLabel('Sign in as an administrator').check();
  await signIn(page, email, password);
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    'Unauthorized access',
  );
  await page.getByLabel('Sign in as an administrator').uncheck();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expectNoAxeViolations(page, 'main');

  // A customer is told the admin pages are not for their account.
  await page.goto('/admin');
  await expect(
    page.getByRole('heading', { name: 'This page is not for your account' }),
  ).toBeVisible();
  await page.goto('/account');

  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill('pole-beans-high-44');
  await page.getByLabel('Repeat the new password').fill('pole-beans-high-44');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('furrow.token'))).toBeNull();
  await signIn(page, email, 'pole-beans-high-44');
  await expect(page).toHaveURL(/\/welcome$/);
});
