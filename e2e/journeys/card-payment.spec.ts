import type { Product } from '@furrow/domain/api/products';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { demoFarmer, expectNoAxeViolations, expectToast, signIn, test } from './support';

const demoCustomer = { email: 'customer@furrow.test', password: 'fresh-carrots-42' };
/** The demo farmer's farm, connected for card payments by the demo data. */
const cardFarm = 'Sauvie Island Greens';

async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Casey Morgan');
}

test('a farmer connects payouts for a new farm in one click in the sandbox', async ({
  page,
}, testInfo) => {
  await page.goto('/auth/login');
  await signIn(page, demoFarmer.email, demoFarmer.password);
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  // The demo farm takes cards already.
  await expect(page.getByRole('region', { name: `Card payments for ${cardFarm}` })).toContainText(
    'Payouts connected',
  );

  // A second farm starts without: the farmer connects it.
  const token = await page.evaluate(() => localStorage.getItem('furrow.token'));
  const created = await page.request.post('/api/shop/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Cedar Row Orchard', location: { lat: 45.6, lng: -122.8 } },
  });
  expect(created.status()).toBe(201);
  const { shop } = (await created.json()) as { shop: { id: string } };
  await page.goto(`/farmers/dashboard?farm=${shop.id}`);
  const payouts = page.getByRole('region', { name: 'Card payments for Cedar Row Orchard' });
  await expect(payouts.getByRole('button', { name: 'Connect payouts' })).toBeVisible();
  await payouts.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await payouts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`payouts-not-connected-${width}.png`) });
  }

  await payouts.getByRole('button', { name: 'Connect payouts' }).click();
  await expect(page).toHaveURL(/\/sandbox\/connect\/acct_sandbox_/);
  await expect(
    page.getByRole('heading', { name: 'Connect payouts for Cedar Row Orchard' }),
  ).toBeVisible();
  await screenshots(page, testInfo, 'sandbox-onboarding');
  await page.getByRole('button', { name: 'Finish connecting' }).click();

  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  await expectToast(page, 'Payouts connected');
  const connected = page.getByRole('region', { name: 'Card payments for Cedar Row Orchard' });
  await expect(connected).toContainText('Payouts connected');
  await expect(connected).toContainText('Shoppers can pay Cedar Row Orchard by card');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await connected.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`payouts-connected-${width}.png`) });
  }
});

test('a shopper pays by card at a connected farm in the sandbox; a declined card first, then the order is placed', async ({
  page,
}, testInfo) => {
  const answer = await page.request.get('/api/products?lat=45.5152&long=-122.6784&limit=200');
  const { products } = (await answer.json()) as { products: Product[] };
  const product = products.find(
    (candidate) =>
      candidate.farm.name === cardFarm && candidate.inStock && candidate.availableFrom === null,
  );
  if (!product) throw new Error(`the demo has nothing for sale from ${cardFarm}`);

  await page.goto('/auth/login');
  await signIn(page, demoCustomer.email, demoCustomer.password);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, product.name);

  await page.goto('/checkout');
  const section = page.getByRole('region', { name: cardFarm });
  await expect(section).toBeVisible();
  // The demo farm hands out in pickup windows: the first time offered.
  const times = section.getByRole('group', { name: 'Pickup time' });
  await expect(times.getByRole('radio').first()).toBeVisible();
  await times.getByRole('radio').first().check();
  await page.getByRole('radio', { name: /Pay by card now/ }).check();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'card-checkout');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // The sandbox's hosted checkout: paid to the farm.
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sandbox_/);
  await expect(page.getByRole('heading', { name: new RegExp(`from ${cardFarm}`) })).toBeVisible();
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await screenshots(page, testInfo, 'card-declined');

  // The order still waits, holding its food; the shopper tries another card.
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+\?payment=done/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order F-\d+$/ })).toBeVisible();
  await expect(page.getByText(`Waiting for ${cardFarm} to confirm it.`)).toBeVisible();
  await expect(page.getByText('Card, paid')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, empty' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'card-paid-order');
});
