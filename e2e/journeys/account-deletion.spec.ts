import { expect } from '@playwright/test';
import { codeFrom } from './mailbox';
import { expectNoAxeViolations, expectToast, screenshots, signIn, test } from './support';

test('a farmer with no open orders deletes the account and can no longer sign in', async ({
  page,
  request,
}, testInfo) => {
  const email = `leaving-${Date.now()}@journeys.furrow.test`;
  const password = 'last-harvest-2026';
  const registered = await request.post('/api/register', {
    data: { email, password, role: 'farmer', firstName: 'Lena', lastName: 'Leaving' },
  });
  expect(registered.status()).toBe(201);
  const verified = await request.post('/api/signup_verification', {
    data: {
      verificationToken: (await registered.json()).token,
      verificationCode: await codeFrom(email),
    },
  });
  expect(verified.status()).toBe(200);

  await page.goto('/auth/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Delete my farmer account' });
  await expect(card.getByText('all your products, their photos and stock')).toBeVisible();

  // The password is asked, and a wrong one stops it.
  await card.getByLabel('Your password').fill('not-my-password');
  await card.getByRole('button', { name: 'Delete my farmer account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete everything' }).click();
  await expect(card.getByText('This password is not correct')).toBeVisible();
  await expectNoAxeViolations(page);
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, testInfo, 'account-delete', false);

  await card.getByLabel('Your password').fill(password);
  await card.getByRole('button', { name: 'Delete my farmer account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your farmer account?' });
  await confirm.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Your account has been deleted');

  await page.goto('/auth/login');
  await signIn(page, email, password);
  await expectToast(page, 'Invalid e-mail or password');
  await expect(page).toHaveURL(/\/auth\/login/);
});
