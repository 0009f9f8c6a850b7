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

test('a farmer creates a farm, adds a product with a photo, changes its stock; the farm page shows it; hiding takes it out of the shop', async ({
  page,
}, testInfo) => {
  const farmName = `Juniper Hollow ${Date.now().toString(36)}`;

  // Sign in on the real login page; a farmer lands on the dashboard (spec 2 and 6).
  await page.goto('/farmers/dashboard');
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, demoFarmer.email, demoFarmer.password);
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your farm dashboard' })).toBeVisible();
  // The demo farmer already runs Sauvie Island Greens.
  await expect(
    page.getByRole('heading', { name: 'Sauvie Island Greens', exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // A second farm, located through the offline gazetteer.
  await page.getByRole('button', { name: 'New farm' }).click();
  const farmDialog = page.getByRole('dialog', { name: 'Create your farm' });
  await farmDialog.getByLabel('Farm name').fill(farmName);
  await farmDialog.getByLabel('Your story').fill('Berries and greens on a north-facing slope.');
  await farmDialog.getByLabel('Find your place by ZIP code or city').fill('97231');
  await farmDialog.getByRole('button', { name: 'Look up' }).click();
  await expect(farmDialog.getByText(/Found Portland, OR 97231/)).toBeVisible();
  await expect(farmDialog.getByLabel('Latitude')).toHaveValue(/^45\.6/);
  // Pickup times run on the farm's clock, which the place sets.
  await expect(farmDialog.getByLabel('Time zone')).toHaveValue('America/Los_Angeles');
  await farmDialog.getByLabel('Pickup instructions').fill('Honesty stand at the gate, daily.');
  await expectNoAxeViolations(page);
  await farmDialog.getByRole('button', { name: 'Create farm' }).click();
  await expect(farmDialog).toBeHidden();
  await expectToast(page, 'Farm created');

  // The new farm is selected and tells the farmer what to do next.
  const products = page.getByRole('region', { name: `Products at ${farmName}` });
  await expect(products.getByText('No products yet')).toBeVisible();
  await products.getByRole('button', { name: 'Add your first product' }).click();

  const productDialog = page.getByRole('dialog', { name: 'Add a product' });
  await productDialog.getByLabel('Name').fill('Purple carrots');
  await productDialog.getByLabel('Price (USD)').fill('3.75');
  await productDialog.getByLabel('Sold by').selectOption('bunch');
  await productDialog.getByLabel('In stock').fill('10');
  await productDialog.getByLabel('Category').selectOption('vegetables');
  await productDialog.getByLabel('Choose a photo (product photo)').setInputFiles({
    name: 'carrots.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await expect(productDialog.getByRole('img', { name: 'Preview of carrots.png' })).toBeVisible();
  await productDialog.getByRole('button', { name: 'Add product' }).click();
  await expect(productDialog).toBeHidden();
  await expectToast(page, 'Product added');

  // The row shows the stored photo, the price per unit and the stock.
  const row = products.getByRole('row', { name: /Purple carrots/ });
  await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\/farmers\/.+-400\.webp$/);
  await expect(row.getByRole('cell', { name: '$3.75 / bunch' })).toBeVisible();
  const stock = row.getByRole('status', { name: 'Purple carrots in stock' });
  await expect(stock).toHaveText('10');

  // Quick + and - as at a market stall; the server keeps what the screen shows.
  await row.getByRole('button', { name: 'Add one Purple carrots to stock' }).click();
  await row.getByRole('button', { name: 'Add one Purple carrots to stock' }).click();
  await expect(stock).toHaveText('12');
  await row.getByRole('button', { name: 'Take one Purple carrots from stock' }).click();
  await expect(stock).toHaveText('11');
  const farmId = new URL(page.url()).searchParams.get('farm');
  await expect
    .poll(async () => {
      const answer = await page.request.get(`/api/product/${farmId}`);
      const list: { name: string; stock: number }[] = (await answer.json()).products;
      return list.find((product) => product.name === 'Purple carrots')?.stock;
    })
    .toBe(11);
  await expectNoAxeViolations(page);

  // The public farm page shows the farm and the product, photo included, to anyone.
  await page.getByRole('link', { name: `Public page of ${farmName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
  await expect(page.getByText('Berries and greens on a north-facing slope.')).toBeVisible();
  await expect(page.getByText('Honesty stand at the gate, daily.')).toBeVisible();
  const card = page.getByRole('article', { name: 'Purple carrots' });
  await expect(card).toBeVisible();
  await expect(card.getByText('$3.75 / bunch')).toBeVisible();
  const src = await card.locator('img').getAttribute('src');
  expect(src).toMatch(/^\/uploads\/farmers\/.+\.webp$/);
  const image = await page.request.get(src ?? '');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  expect(image.headers()['cache-control']).toContain('immutable');
  await expectNoAxeViolations(page);

  // The farmer hides it: shoppers no longer see it; the farmer's list keeps it, marked.
  await page.goBack();
  const hiddenRow = page
    .getByRole('region', { name: `Products at ${farmName}` })
    .getByRole('row', { name: /Purple carrots/ });
  await hiddenRow.getByRole('button', { name: 'Hide from shop: Purple carrots' }).click();
  await expectToast(page, 'Hidden from your shop');
  await expect(hiddenRow.getByText('Hidden from shop')).toBeVisible();
  const guestList = await page.request.get(`/api/product/${farmId}`);
  expect(guestList.ok()).toBe(true);
  const shown: { name: string }[] = (await guestList.json()).products;
  expect(shown.map((product) => product.name)).not.toContain('Purple carrots');
  await expectNoAxeViolations(page);
  await hiddenRow.scrollIntoViewIfNeeded();
  await screenshots(page, testInfo, 'hidden-product');
  await hiddenRow.getByRole('button', { name: 'Show in shop: Purple carrots' }).click();
  await expectToast(page, 'Back in your shop');
  await expect(hiddenRow.getByText('Hidden from shop')).toBeHidden();
});
