import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  demoFarmer,
  expectNoAxeViolations,
  expectToast,
  photo,
  signIn,
  test,
  waitForPictures,
} from './support';

/**
 * A real, tiny PNG of 5,000 x 5,000 blank pixels: a browser shows it, the server turns it down
 * (more than 24 megapixels), so an upload fails after the product is saved.
 */
function oversizedPng(): Buffer {
  const side = 5000;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // 1 bit a pixel, greyscale: each row is a filter byte and 625 bytes
  const rows = Buffer.alloc(side * (1 + side / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The stock of a product of the farm, as the server has it. */
async function savedStock(page: Page, farmId: string | null, name: string) {
  const answer = await page.request.get(`/api/product/${farmId}`);
  const list: { name: string; stock: number }[] = (await answer.json()).products;
  return list.find((product) => product.name === name)?.stock;
}

/** Whether the middle of `element` is what the page shows on top there, at this viewport. */
function onTop(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && node.contains(top);
  });
}

/** Phone and desktop captures of the screen with `element` in view (not the whole long page). */
async function screenshotsOf(element: Locator, page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await element.scrollIntoViewIfNeeded();
    await waitForPictures(page, testInfo, `${name}-${width}`);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
}

test('a farmer creates a farm, adds a product with a photo, changes its stock with − and +, by typing and for several products at once; the farm page shows it; hiding takes it out of the shop', async ({
  page,
}, testInfo) => {
  // Two products, three ways of changing stock and six screenshots: a long journey.
  test.slow();
  const farmName = `Juniper Hollow ${Date.now().toString(36)}`;

  // Sign in on the real login page; a farmer lands on the dashboard
  // (product rules: accounts and sign-in).
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
  const stock = row.getByRole('spinbutton', { name: 'Purple carrots in stock' });
  await expect(stock).toHaveValue('10');

  // Quick + and - as at a market stall; the server keeps what the screen shows.
  await row.getByRole('button', { name: 'Add one Purple carrots to stock' }).click();
  await row.getByRole('button', { name: 'Add one Purple carrots to stock' }).click();
  await expect(stock).toHaveValue('12');
  await row.getByRole('button', { name: 'Take one Purple carrots from stock' }).click();
  await expect(stock).toHaveValue('11');
  const farmId = new URL(page.url()).searchParams.get('farm');
  await expect.poll(() => savedStock(page, farmId, 'Purple carrots')).toBe(11);

  // Or the count typed in after counting the crates: saved on Enter. A bad number says why and
  // saves nothing; Escape puts the saved count back.
  await stock.fill('-3');
  await stock.press('Enter');
  await expect(row.getByRole('alert')).toHaveText('Enter a whole number from 0 to 1,000,000.');
  await expect(stock).toHaveAttribute('aria-invalid', 'true');
  await stock.press('Escape');
  await expect(stock).toHaveValue('11');
  await stock.fill('8');
  await stock.press('Enter');
  await expect(stock).toHaveValue('8');
  await expect.poll(() => savedStock(page, farmId, 'Purple carrots')).toBe(8);
  await expectNoAxeViolations(page);

  // A second product. The photo picker turns down what is no photo before sending anything.
  await products.getByRole('button', { name: 'Add product' }).click();
  const chardDialog = page.getByRole('dialog', { name: 'Add a product' });
  await chardDialog.getByLabel('Name').fill('Rainbow chard');
  await chardDialog.getByLabel('Price (USD)').fill('2.50');
  await chardDialog.getByLabel('Sold by').selectOption('bunch');
  await chardDialog.getByLabel('In stock').fill('20');
  await chardDialog.getByLabel('Category').selectOption('vegetables');
  const chardPicker = chardDialog.getByLabel('Choose a photo (product photo)');
  await expect(chardPicker).toHaveAttribute('accept', /image\/jpeg,image\/png,image\/webp/);
  await chardPicker.setInputFiles({
    name: 'price-list.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7 price list'),
  });
  await expect(chardDialog.getByRole('alert')).toHaveText(
    'price-list.pdf is not a JPEG, PNG or WebP image. Choose a photo in one of those formats.',
  );
  await expect(chardDialog.getByRole('img', { name: /Preview of/ })).toHaveCount(0);

  // A photo too large for the server: the product is saved, the dialog stays open for another
  // photo, and the toast that says so shows above it.
  await chardPicker.setInputFiles({
    name: 'chard.png',
    mimeType: 'image/png',
    buffer: oversizedPng(),
  });
  await expect(chardDialog.getByRole('img', { name: 'Preview of chard.png' })).toBeVisible();
  await chardDialog.getByRole('button', { name: 'Add product' }).click();
  const openDialog = page.getByRole('dialog');
  // The modal dialog hides the rest of the page from assistive technology, the toast area
  // included (Radix announces the toast through a live region of its own): look past that.
  const toast = page
    .getByRole('region', { name: 'Notifications (F8)', includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .first();
  await expect(toast).toContainText('Product saved, photo not uploaded');
  await expect(toast).toBeVisible();
  await expect(openDialog).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    expect(await onTop(toast), `the toast is on top at ${width} px`).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`toast-over-dialog-${width}.png`) });
  }
  await openDialog.getByRole('button', { name: 'Close' }).click();
  await expect(openDialog).toBeHidden();

  // A stock count for the whole list, saved in one change.
  await products.getByRole('button', { name: 'Change stock' }).click();
  await products.getByLabel('New stock of Purple carrots').fill('3');
  await products.getByLabel('New stock of Rainbow chard').fill('0');
  const bar = page.getByRole('form', { name: 'Change stock' });
  await expect(bar).toContainText('2 products changed, not saved yet.');
  await expectNoAxeViolations(page);
  await screenshotsOf(products, page, testInfo, 'change-stock');
  await bar.getByRole('button', { name: 'Save stock' }).click();
  await expectToast(page, 'Stock updated for 2 products');
  await expect(bar).toBeHidden();
  await expect(stock).toHaveValue('3');
  await expect(products.getByRole('spinbutton', { name: 'Rainbow chard in stock' })).toHaveValue(
    '0',
  );
  expect(await savedStock(page, farmId, 'Purple carrots')).toBe(3);
  expect(await savedStock(page, farmId, 'Rainbow chard')).toBe(0);
  await screenshotsOf(products, page, testInfo, 'farm-products');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The public farm page shows the farm and the product, photo included, to anyone.
  await page.getByRole('link', { name: `Public page of ${farmName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: farmName })).toBeVisible();
  await expect(page.getByText('Berries and greens on a north-facing slope.')).toBeVisible();
  await expect(page.getByText('Honesty stand at the gate, daily.')).toBeVisible();
  const card = page.getByRole('article', { name: 'Purple carrots' });
  await expect(card).toBeVisible();
  await expect(card.getByText('$3.75 / bunch')).toBeVisible();
  // The shop shows the counts just saved: few left of one, none of the other.
  await expect(card.getByText('Only 3 left')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Rainbow chard' }).getByText('Sold out', { exact: true }),
  ).toBeVisible();
  await screenshotsOf(card, page, testInfo, 'farm-page-stock');
  await page.setViewportSize({ width: 1280, height: 800 });
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
  await screenshotsOf(hiddenRow, page, testInfo, 'hidden-product');
  await page.setViewportSize({ width: 1280, height: 800 });
  await hiddenRow.getByRole('button', { name: 'Show in shop: Purple carrots' }).click();
  await expectToast(page, 'Back in your shop');
  await expect(hiddenRow.getByText('Hidden from shop')).toBeHidden();
});
