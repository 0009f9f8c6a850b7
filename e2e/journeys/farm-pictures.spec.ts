import { expect } from '@playwright/test';
import {
  demoFarmer,
  expectNoAxeViolations,
  expectToast,
  photo,
  screenshots,
  signIn,
  test,
} from './support';

const farmName = 'Sauvie Island Greens';

test('a farmer gives the farm a new cover, and a product saved without a photo is drawn as what its name says', async ({
  page,
}, testInfo) => {
  await page.goto('/auth/login');
  // Shoppers see e-mail and password; the administrator option waits folded under the form.
  await expect(page.getByLabel('Sign in as an administrator')).toBeHidden();
  await page.getByText('Administrator sign-in').click();
  await expect(page.getByLabel('Sign in as an administrator')).toBeVisible();
  await screenshots(page, testInfo, 'sign-in');
  await signIn(page, demoFarmer.email, demoFarmer.password);
  await expect(page).toHaveURL(/\/farmers\/dashboard/);

  // The cover picker sits beside the logo in the farm form.
  await page.getByRole('button', { name: `Edit ${farmName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${farmName}` });
  // The demo farm has a cover already: the form shows it, and the farmer chooses another.
  await expect(dialog.getByRole('img', { name: 'Current cover picture' })).toBeVisible();
  await dialog.getByLabel('Choose another (cover picture)').setInputFiles({
    name: 'fields.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await expect(dialog.getByRole('img', { name: 'Preview of fields.png' })).toBeVisible();
  await dialog.getByRole('group', { name: 'Pictures' }).scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'farm-form-pictures', false);
  await dialog.getByRole('button', { name: 'Save farm' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Farm saved');

  // A product without a photo: the farmer's list draws garlic for "garlic", not the category's carrot.
  const products = page.getByRole('region', { name: `Products at ${farmName}` });
  await products.getByRole('button', { name: /^Add (your first )?product$/ }).click();
  const productDialog = page.getByRole('dialog', { name: 'Add a product' });
  await productDialog.getByLabel('Name').fill('Music hardneck garlic');
  await productDialog.getByLabel('Price (USD)').fill('2.50');
  await productDialog.getByLabel('In stock').fill('30');
  await productDialog.getByLabel('Category').selectOption('vegetables');
  await productDialog.getByRole('button', { name: 'Add product' }).click();
  await expect(productDialog).toBeHidden();
  await expectToast(page, 'Product added');
  const row = products.getByRole('row', { name: /Music hardneck garlic/ });
  await expect(row.locator('svg image')).toHaveAttribute('href', '/product-pictures/garlic.svg');
  const drawing = await page.request.get('/product-pictures/garlic.svg');
  expect(drawing.status()).toBe(200);
  expect(drawing.headers()['content-type']).toContain('image/svg+xml');

  // The public page shows the new cover across its top, and the garlic card with its drawing.
  await page.getByRole('link', { name: `Public page of ${farmName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
  const farmId = new URL(page.url()).pathname.split('/').pop();
  const { farm } = await (await page.request.get(`/api/farms/${farmId}`)).json();
  expect(farm.cover).toMatch(/^\/uploads\/farmers\/.+\.webp$/);
  await expect(page.locator(`img[src="${farm.cover}"]`)).toBeVisible();
  const card = page.getByRole('article', { name: 'Music hardneck garlic' });
  await expect(card.locator('svg image')).toHaveAttribute('href', '/product-pictures/garlic.svg');
  await card.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'farm-page-garlic', false);
});
