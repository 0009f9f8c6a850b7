import type { Product } from '@furrow/domain/api/products';
import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { readMail } from './mailbox';
import { demoFarmer, expectNoAxeViolations, expectToast, signIn, test } from './support';

const demoCustomer = { email: 'customer@furrow.test', password: 'fresh-carrots-42' };
/** The demo farmer's farm, which takes pickups in windows here; the other farm delivers. */
const pickupFarm = 'Sauvie Island Greens';
const deliveryFarm = 'Tualatin Valley Creamery';

async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    // From the top, so that the sticky header is drawn where it belongs on the full page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** The farm's priciest product for sale now: the fewest units reach a delivery minimum. */
async function forSale(page: Page, farmName: string): Promise<Product> {
  const answer = await page.request.get('/api/products?lat=45.5152&long=-122.6784&limit=200');
  const { products } = (await answer.json()) as { products: Product[] };
  const product = products
    .filter(
      (candidate) =>
        candidate.farm.name === farmName && candidate.inStock && candidate.availableFrom === null,
    )
    .toSorted((a, b) => b.price - a.price)[0];
  if (!product) throw new Error(`the demo has nothing for sale from ${farmName}`);
  return product;
}

async function farmerPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth/login');
  await signIn(page, demoFarmer.email, demoFarmer.password);
  await expect(page).toHaveURL(/\/farmers\/dashboard/);
  return page;
}

test('a shopper checks out from two farms, pickup at one and delivery at the other; the farmer marks one ready', async ({
  page,
  browser,
}, testInfo) => {
  // Two people, two farms and a pickup window: the longest journey, past a minute on a busy machine.
  test.slow();
  // The farmer opens a weekly pickup window on the farm form.
  const farmer = await farmerPage(browser);
  await farmer.getByRole('button', { name: `Edit ${pickupFarm}` }).click();
  const dialog = farmer.getByRole('dialog', { name: `Edit ${pickupFarm}` });
  await dialog.getByRole('button', { name: 'Add a pickup window' }).click();
  // The demo farm has windows already; the new one is the last.
  const window1 = dialog.getByRole('group', { name: /^Window \d+$/ }).last();
  await window1.getByLabel('Day').selectOption('saturday');
  await window1.getByLabel('From').fill('09:00');
  await window1.getByLabel('To').fill('13:00');
  await window1.getByLabel('Place').fill('Farm stand by the gate');
  await window1.getByLabel('Orders per window (optional)').fill('20');
  await expectNoAxeViolations(farmer);
  await window1.scrollIntoViewIfNeeded();
  for (const width of [390, 1280]) {
    await farmer.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await farmer.screenshot({ path: testInfo.outputPath(`farm-form-${width}.png`) });
  }
  await dialog.getByRole('button', { name: 'Save farm' }).click();
  await expectToast(farmer, 'Farm saved');
  const token = await farmer.evaluate(() => localStorage.getItem('furrow.token'));
  const headers = { Authorization: `Bearer ${token}` };

  // A guest fills the cart from both farms.
  await page.goto('/');
  await page.getByLabel('Or search by ZIP code or city').fill('97201');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'Fresh near Portland, OR 97201' })).toBeVisible();
  const pickupProduct = await forSale(page, pickupFarm);
  await page.goto(`/products/${pickupProduct.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, pickupProduct.name);
  // Enough from the delivering farm to reach its delivery minimum.
  const delivered = await forSale(page, deliveryFarm);
  const { farm: deliverer } = (await (
    await page.request.get(`/api/farms/${delivered.farm.id}`)
  ).json()) as { farm: { delivery: { minimumOrder: number } } };
  const needed = Math.ceil(deliverer.delivery.minimumOrder / delivered.price);
  if (needed > delivered.stock) throw new Error(`${delivered.name} cannot reach the minimum`);
  await page.goto(`/products/${delivered.id}`);
  for (let step = 1; step < needed; step += 1) {
    await page.getByRole('button', { name: `One more ${delivered.name}` }).click();
  }
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, `${Math.max(needed, 1)} × ${delivered.name}`);

  // Checkout asks a guest to sign in, and comes back to the same cart.
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, demoCustomer.email, demoCustomer.password);
  await expect(page).toHaveURL(/\/checkout$/);
  const pickupSection = page.getByRole('region', { name: pickupFarm });
  const deliverySection = page.getByRole('region', { name: deliveryFarm });
  await expect(pickupSection).toBeVisible();
  await expect(deliverySection).toBeVisible();

  // Pickup in the farmer's new window at one farm (among the later times if need be); delivery
  // at the other.
  const times = pickupSection.getByRole('group', { name: 'Pickup time' });
  const atTheGate = times.getByRole('radio', { name: /Farm stand by the gate/ }).first();
  await expect(times.getByRole('radio').first()).toBeVisible();
  const later = times.getByRole('button', { name: /^Show \d+ later times?$/ });
  if (!(await atTheGate.isVisible()) && (await later.isVisible())) await later.click();
  await atTheGate.check();
  await deliverySection.getByRole('radio', { name: /Delivery/ }).check();
  await page.getByLabel('Street address').fill('1120 SW 5th Ave');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('State').fill('OR');
  await page.getByLabel('ZIP code').fill('97204');
  await page.getByLabel('Note for the farms (optional)').fill('Please ring the bell.');
  await expect(page.getByRole('radio', { name: /Pay at pickup/ })).toBeChecked();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'checkout');

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/confirmation\?orders=/);
  await expectToast(page, '2 orders placed');
  const placed = page.getByRole('article');
  await expect(placed).toHaveCount(2);
  await expect(placed.filter({ hasText: pickupFarm })).toContainText('Farm stand by the gate');
  await expect(placed.filter({ hasText: deliveryFarm })).toContainText('1120 SW 5th Ave');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, empty' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'confirmation');
  const pickupOrderName = (
    await placed.filter({ hasText: pickupFarm }).getByRole('heading').innerText()
  ).trim();
  const pickupNumber = pickupOrderName.split(' ')[0] ?? '';
  const deliveryOrderName = await placed
    .filter({ hasText: deliveryFarm })
    .getByRole('heading')
    .innerText();
  const deliveryNumber = deliveryOrderName.trim().split(' ')[0] ?? '';

  // Both show in the shopper's orders.
  await page.getByRole('link', { name: 'See all your orders' }).click();
  const mine = page.getByRole('article', { name: new RegExp(`^${pickupNumber} ·`) });
  await expect(mine).toContainText('Placed');
  await expect(
    page.getByRole('article', { name: new RegExp(`^${deliveryNumber} ·`) }),
  ).toContainText('Delivery to 1120 SW 5th Ave');

  // The farmer confirms the order and marks it ready.
  await farmer.goto('/farmers/dashboard');
  await farmer.getByRole('link', { name: 'Orders and pick list' }).click();
  await expect(farmer).toHaveURL(/\/farmers\/orders/);
  const order = farmer.getByRole('article').filter({ hasText: pickupNumber });
  await order.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(farmer, `Order ${pickupNumber} is confirmed`);
  await farmer.getByRole('link', { name: 'Confirmed' }).click();
  await order.getByRole('button', { name: 'Mark ready' }).click();
  await expectToast(farmer, `Order ${pickupNumber} is ready`);
  await farmer.getByRole('link', { name: 'Ready' }).click();
  await expect(order).toBeVisible();

  // The pick list of the order's pickup day: on screen, and as a CSV file.
  const listed = (await (
    await farmer.request.get('/api/orders?status=ready', { headers })
  ).json()) as { orders: { number: string; fulfilment: { slot?: { date: string } | null } }[] };
  const slotDate = listed.orders.find((one) => one.number === pickupNumber)?.fulfilment.slot?.date;
  if (!slotDate) throw new Error(`order ${pickupNumber} has no pickup slot`);
  await farmer.getByLabel('Pickup date').fill(slotDate);
  const pickList = farmer.getByRole('region', { name: 'Pick list' });
  await expect(pickList.getByRole('table')).toContainText(pickupProduct.name);
  await expect(pickList).toContainText(`${pickupNumber} · Casey Morgan`);
  const download = farmer.waitForEvent('download');
  await pickList.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await download;
  expect(csv.suggestedFilename()).toBe(`pick-list-${slotDate}.csv`);
  await expectToast(farmer, 'Pick list downloaded');
  await expectNoAxeViolations(farmer);
  await screenshots(farmer, testInfo, 'farmer-orders');

  // The shopper sees it ready, with its timeline.
  await page.reload();
  await expect(mine).toContainText('Ready');
  await mine.getByRole('link').click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${pickupNumber}` }),
  ).toBeVisible();
  await expect(page.getByText('Ready for you to pick up.')).toBeVisible();
  const timeline = page.getByRole('list').filter({ hasText: 'Confirmed' });
  await expect(timeline).toContainText('Placed');
  await expect(timeline).toContainText('Ready');
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'order');

  // And the e-mail says so, naming the farm, with a link back to the order.
  const mail = await readMail(demoCustomer.email, new RegExp(`^Order ${pickupNumber} is ready$`));
  expect(mail).toContain(
    `Your order ${pickupNumber} from ${pickupFarm} is packed and ready for pickup.`,
  );
  expect(mail).toContain('/orders/');
});

test('a shopper pre-orders a sold-out product; when the farmer adds stock it becomes an order', async ({
  page,
  browser,
}, testInfo) => {
  const farmer = await farmerPage(browser);
  const token = await farmer.evaluate(() => localStorage.getItem('furrow.token'));
  const product = await forSale(page, pickupFarm);
  // Sold out: the farmer takes it all off the shelf.
  const soldOut = await farmer.request.post(`/api/products/${product.id}/stock`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { stock: 0 },
  });
  expect(soldOut.ok()).toBe(true);

  await page.goto('/auth/login');
  await signIn(page, demoCustomer.email, demoCustomer.password);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByText('Sold out for now.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await page.getByLabel(`How many (${product.unit})`).fill('2');
  await screenshots(page, testInfo, 'preorder-product');
  await page.getByRole('button', { name: 'Pre-order' }).click();
  await expectToast(page, 'Pre-order placed');
  await expectNoAxeViolations(page);

  await page.getByRole('banner').getByRole('link', { name: 'Pre-orders' }).click();
  const preOrder = page.getByRole('article', { name: `2 × ${product.name}` });
  await expect(preOrder).toContainText('Waiting for stock');
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'preorders');

  // The farmer sees who waits for what, then adds two to the stock on the dashboard; the
  // pre-order takes them.
  await farmer.goto('/farmers/orders');
  const waiting = farmer.getByRole('region', { name: 'Pre-orders waiting for stock' });
  await expect(waiting.getByRole('listitem').filter({ hasText: product.name })).toContainText(
    'Casey Morgan',
  );
  await expectNoAxeViolations(farmer);
  await farmer.goto('/farmers/dashboard');
  const more = farmer.getByRole('button', { name: `Add one ${product.name} to stock` });
  await more.click();
  const stock = farmer.getByRole('spinbutton', { name: `${product.name} in stock` });
  await expect(stock).toHaveValue('1');
  await more.click();
  // Both units went to the pre-order, in the same change that added them.
  await expect(stock).toHaveValue('0');

  await expect(async () => {
    await page.reload();
    await expect(preOrder).toContainText('Became an order', { timeout: 1_000 });
  }).toPass();
  await preOrder.getByRole('link', { name: /^F-\d+$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order F-\d+$/ })).toBeVisible();
  await expect(page.getByText(`2 × ${product.name}`)).toBeVisible();
});
