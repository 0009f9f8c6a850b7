import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, screenshots, signIn, test } from './support';

const demoCustomer = { email: 'customer@furrow.test', password: 'fresh-carrots-42' };
const sizes = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A shopper who chose Portland on an earlier visit. */
async function returningShopper(page: Page) {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'furrow.location',
      JSON.stringify({ lat: 45.5152, lng: -122.6784, label: 'Portland, OR' }),
    ),
  );
  await page.goto('/');
}

test('a returning shopper sees a full row of food from several farms above the fold, on a phone and a desktop', async ({
  page,
}, testInfo) => {
  await returningShopper(page);
  // The welcome has shrunk to a location bar; the page still has its heading.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Fresh food from farms near you',
  );
  await expect(page.getByText('Showing food near')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change' })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();

  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    const columns = size.width < 600 ? 2 : 5;
    for (let index = 0; index < columns; index++) {
      const box = await cards.nth(index).boundingBox();
      expect(box, `card ${index + 1} at ${size.width} px`).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(size.height);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size.width);
    }
    // One row: the first cards side by side.
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(a?.y).toBe(b?.y);
  }

  // The first page shows several farms, not one farm's whole list.
  const farmLinks = await cards.evaluateAll((articles) =>
    articles.slice(0, 12).map((article) => article.querySelectorAll('a')[2]?.textContent),
  );
  expect(new Set(farmLinks).size).toBeGreaterThanOrEqual(3);

  // Search and sort use the API.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('marionberr');
  await page.getByRole('button', { name: 'Find products' }).click();
  await expect(page).toHaveURL(/q=marionberr/);
  await expect(cards).toHaveCount(2);
  for (const name of await cards.getByRole('heading').allTextContents()) {
    expect(name).toMatch(/^Marionberr/);
  }
  await page.getByLabel('Sort by').selectOption('price');
  await expect(page).toHaveURL(/sort=price/);
  await page.getByRole('searchbox', { name: 'Search products' }).fill('');
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'landing-with-location', false);
});

test('product names lead to product pages with a description, and farm pages have a cover, logo, story and products', async ({
  page,
}, testInfo) => {
  await returningShopper(page);
  // A product with its own photo: other journeys may have added ones drawn from their name.
  const card = page
    .getByRole('article')
    .filter({ has: page.locator('img[src*="/uploads/"]') })
    .first();
  const name = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About this product' })).toBeVisible();
  const picture = page.locator('main img').first();
  await expect(picture).toHaveJSProperty('complete', true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'product-page');

  await page.getByRole('link', { name: 'Sauvie Island Greens' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sauvie Island Greens' })).toBeVisible();
  const cover = page.locator('main img[src*="/uploads/"]').first();
  await expect(cover).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Heirloom Tomatoes' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'farm-page');

  // The farm sells more than one page: the rest comes on demand, and reading goes on from there.
  const listed = page.getByRole('region', { name: 'For sale at Sauvie Island Greens' });
  const shown = listed.getByText(/^Showing \d+ of \d+ products$/);
  await expect(shown).toHaveText(/^Showing 20 of 2\d products$/);
  const total = Number((await shown.textContent())?.match(/of (\d+)/)?.[1]);
  await expect(listed.getByRole('article')).toHaveCount(20);
  await expect(listed.getByRole('article', { name: 'Zucchini' })).toHaveCount(0);
  await listed.getByRole('button', { name: 'Show more products' }).click();
  await expect(listed.getByRole('article')).toHaveCount(total);
  await expect(listed.getByRole('article', { name: 'Zucchini' })).toBeVisible();
  await expect(shown).toHaveText(`Showing ${total} of ${total} products`);
  await expect(listed.getByRole('button', { name: 'Show more products' })).toHaveCount(0);
  const firstNew = listed.getByRole('listitem').nth(20).getByRole('heading').getByRole('link');
  await expect(firstNew).toBeFocused();

  // A search within the farm asks the server, whatever page a product is on.
  await listed.getByLabel("Search this farm's products").fill('pepper');
  await listed.getByLabel("Search this farm's products").press('Enter');
  await expect(listed.getByText(/^Showing (\d+) of \1 products matching “pepper”$/)).toBeVisible();
  await expect(listed.getByRole('article', { name: 'Zucchini' })).toHaveCount(0);
  for (const name of await listed.getByRole('article').getByRole('heading').allTextContents()) {
    expect(name).toMatch(/pepper/i);
  }
  await expectNoAxeViolations(page);
});

test('a guest learns what selling on Furrow involves, sees the three plans and starts selling', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'For farmers' })
    .click();
  await expect(page).toHaveURL(/\/sell$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sell what you grow');
  for (const [plan, price] of [
    ['Starter', '$5.99'],
    ['Basic', '$9.99'],
    ['Professional', '$14.99'],
  ] as const) {
    await expect(page.getByRole('heading', { name: plan, exact: true })).toBeVisible();
    await expect(page.getByText(price, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/14-day free trial/).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'sell');
  await page.getByRole('link', { name: 'Start selling' }).first().click();
  await expect(page).toHaveURL(/\/auth\/register\?role=farmer$/);
  await expect(page.locator('input[type="radio"][value="farmer"]')).toBeChecked();
});

test('a signed-in customer lands on a home with their orders under way, the farms they bought from and fresh food', async ({
  page,
}, testInfo) => {
  await returningShopper(page);
  await page.goto('/auth/login');
  await signIn(page, demoCustomer.email, demoCustomer.password);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Casey' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your orders under way' })).toBeVisible();
  const farms = page.getByRole('region', { name: 'Farms you bought from' });
  await expect(farms.getByRole('link', { name: 'Sauvie Island Greens' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: '$' }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, 'welcome');
});
